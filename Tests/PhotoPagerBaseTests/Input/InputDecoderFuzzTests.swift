import Testing
import TestSupport
@testable import PhotoPagerBase

/// Random input, seeded so failures replay: the decoder must never crash, must hold a bounded
/// number of bytes, must not care how the bytes were split, must agree with the stateless
/// `decode`, and after a flush must decode a following `ESC [ A` as Up whatever came before.
@Suite("InputDecoder: random bytes")
struct InputDecoderFuzzTests {
    /// Fragments that lead deep into the grammar, which uniformly random bytes rarely reach.
    static let fragments: [[UInt8]] = [
        "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}P>|", "\u{1B}_G", "\u{1B}]", "\u{1B}[<", "\u{1B}[?",
        "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[M", "\u{1B}[[", "\u{1B}\\", "\u{07}", ";", "1;5", "~",
        "M", "m", "R", "t", "c", "$", "A", "\r", "é", "日",
    ].map { Array($0.utf8) }

    static func randomBuffer(using random: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        if Int.random(in: 0..<100, using: &random) == 0 {
            // Now and then a fragment and a long printable run, to cross the CSI and payload limits.
            bytes += fragments[Int.random(in: 0..<fragments.count, using: &random)]
            bytes += (0..<Int.random(in: 0...6000, using: &random)).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
        }
        let length = bytes.count + Int.random(in: 0...48, using: &random)
        while bytes.count < length {
            if Bool.random(using: &random) {
                bytes += fragments[Int.random(in: 0..<fragments.count, using: &random)]
            } else {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            }
        }
        return bytes
    }

    @Test("20 000 random buffers with random splits")
    func randomBuffers() {
        var random = SplitMix64(seed: 0x5EED_1234)
        var longLived = InputDecoder()
        let bound = InputDecoder.maxPayloadBytes + 16
        var failures: [String] = []
        var overLong = 0
        for iteration in 0..<20_000 where failures.count < 5 {
            let bytes = Self.randomBuffer(using: &random)

            var whole = InputDecoder()
            let expected = whole.feed(bytes) + whole.flushPendingEscape()

            var chunked = InputDecoder()
            var events: [InputEvent] = []
            for chunk in random.chunks(of: bytes, maxLength: 12) {
                events += chunked.feed(chunk)
                if chunked.rawPending.count > bound { failures.append("#\(iteration): holds \(chunked.rawPending.count) bytes") }
            }
            events += chunked.flushPendingEscape()
            if expected.contains(where: { if case .unknown(let raw) = $0 { raw.count > 64 } else { false } }) {
                overLong += 1
            }
            if events != expected { failures.append("#\(iteration): split changed events for \(bytes)") }

            if Self.statelessEvents(bytes) != expected { failures.append("#\(iteration): decode disagrees for \(bytes)") }

            _ = longLived.feed(bytes)
            _ = longLived.flushPendingEscape()
            let recovered = longLived.feed(Array("\u{1B}[A".utf8))
            if recovered != [.key(.up)] || longLived.hasPendingInput {
                failures.append("#\(iteration): after \(bytes), ESC [ A gave \(recovered)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(overLong > 20, "the random input should reach the size limits")
    }

    /// The stateless decode applied until it needs more, then the remainder flushed.
    static func statelessEvents(_ bytes: [UInt8]) -> [InputEvent] {
        var rest = bytes[...]
        var events: [InputEvent] = []
        while case .event(let event, let consumed) = InputDecoder.decode(rest), consumed > 0 {
            if let event { events.append(event) }
            rest = rest.dropFirst(consumed)
        }
        var tail = InputDecoder()
        return events + tail.feed(rest) + tail.flushPendingEscape()
    }
}
