import Testing
@testable import PhotoPagerBase

/// Realistic streams (keys, mouse, replies and text in one read) and the memory bounds: an
/// over-long sequence is reported once and its tail skipped, never buffered or typed as keys.
@Suite("InputDecoder: mixed streams and bounds")
struct InputDecoderStreamTests {
    static let bound = InputDecoder.maxPayloadBytes + 16

    @Test("keys, mouse, replies and UTF-8 in one buffer")
    func mixedStream() {
        let text = "j\u{1B}[<0;5;7M\u{1B}[?62;4c東\u{1B}[B\r\u{1B}_Gi=1;OK\u{1B}\\\u{1B}OP\u{1B}[200~hi\u{1B}[201~q"
        let expected: [InputEvent] = [
            .key(.character("j")),
            .mouse(MouseEvent(action: .press(.left), column: 4, row: 6)),
            .deviceAttributes([62, 4]),
            .key(.character("東")),
            .key(.down),
            .key(.enter),
            .kittyGraphics(KittyGraphicsReply(control: "i=1", message: "OK")),
            .key(.function(1)),
            .paste("hi"),
            .key(.character("q")),
        ]
        #expect(Self.feedWhole(Array(text.utf8)) == expected)
        #expect(Self.feedByteByByte(Array(text.utf8)) == expected)
    }

    /// (introducer, filler repeated 5000 times, terminator, bytes kept in the unknown).
    static let overLongCases: [(String, String, String, Int)] = {
        let csi = 2 + InputDecoder.maxParameterBytes + 1
        let string = 2 + InputDecoder.maxPayloadBytes + 1
        let paste = 6 + InputDecoder.maxPayloadBytes + 1
        return [
            ("\u{1B}[", "1", "A", csi),
            ("\u{1B}[", ";", "\r", csi),
            ("\u{1B}O", "5", "A", csi),
            ("\u{1B}P", "x", "\u{1B}\\", string),
            ("\u{1B}]", "y", "\u{07}", string),
            ("\u{1B}_", "G", "\u{1B}[A", string),
            ("\u{1B}[200~", "a", "\u{1B}[201~", paste),
        ]
    }()

    @Test("over-long sequences are dropped as one bounded unknown", arguments: overLongCases)
    func overLong(introducer: String, filler: String, terminator: String, kept: Int) {
        let bytes = Array((introducer + String(repeating: filler, count: 5000) + terminator + "k").utf8)
        for events in [Self.feedWhole(bytes), Self.feedByteByByte(bytes)] {
            guard case .unknown(let prefix)? = events.first else {
                Issue.record("expected unknown first, got \(events.prefix(3))")
                continue
            }
            #expect(prefix.count == kept)
            #expect(Array(prefix.prefix(introducer.utf8.count)) == Array(introducer.utf8))
            // Only what follows the sequence survives: never the filler as key presses.
            let rest = Array(events.dropFirst())
            let tail: [InputEvent] = switch terminator {
            case "\r": [.key(.enter), .key(.character("k"))]
            case "\u{1B}[A": [.key(.up), .key(.character("k"))]
            default: [.key(.character("k"))]
            }
            #expect(rest == tail)
        }
    }

    @Test("a paste of exactly the limit is delivered whole")
    func pasteAtLimit() {
        let payload = String(repeating: "p", count: InputDecoder.maxPayloadBytes)
        let bytes = Array("\u{1B}[200~\(payload)\u{1B}[201~".utf8)
        #expect(Self.feedByteByByte(bytes) == [.paste(payload)])
    }

    @Test("text inside a paste never acts as keys")
    func pasteIsInert() {
        let bytes = Array("\u{1B}[200~q\u{1B}[A\u{3}\u{1B}[<0;1;1M\u{1B}[201~".utf8)
        #expect(Self.feedWhole(bytes) == [.paste("q[A[<0;1;1M")])
    }

    /// Feeds `bytes` at once.
    static func feedWhole(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        let events = decoder.feed(bytes)
        #expect(!decoder.hasPendingInput)
        return events
    }

    /// Feeds `bytes` one per read, checking after each that the held bytes stay bounded.
    static func feedByteByByte(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var largest = 0
        for byte in bytes {
            events += decoder.feed([byte])
            largest = max(largest, decoder.rawPending.count)
        }
        #expect(largest <= bound)
        #expect(!decoder.hasPendingInput)
        return events
    }
}
