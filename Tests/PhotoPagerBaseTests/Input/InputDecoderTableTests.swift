import Testing
import TestSupport
@testable import PhotoPagerBase

/// Drives every row of `InputDecoderCases` through every way the bytes can arrive: whole, one
/// byte per read, split in two at each position, and through the stateless `decode`.
@Suite("InputDecoder: the encoding table")
struct InputDecoderTableTests {
    @Test("fed at once", arguments: InputDecoderCases.all)
    func whole(_ row: DecoderCase) {
        var decoder = InputDecoder()
        #expect(decoder.feed(row.bytes) == row.events)
        #expect(!decoder.hasPendingInput)
    }

    @Test("fed one byte at a time", arguments: InputDecoderCases.all)
    func byteByByte(_ row: DecoderCase) {
        var decoder = InputDecoder()
        let events = row.bytes.flatMap { decoder.feed([$0]) }
        #expect(events == row.events)
        #expect(!decoder.hasPendingInput)
    }

    @Test("split in two at every position", arguments: InputDecoderCases.all)
    func everySplit(_ row: DecoderCase) {
        for cut in 0...row.bytes.count {
            var decoder = InputDecoder()
            let events = decoder.feed(row.bytes[..<cut]) + decoder.feed(row.bytes[cut...])
            #expect(events == row.events, "split at \(cut)")
        }
    }

    @Test("through the stateless decode", arguments: InputDecoderCases.all)
    func stateless(_ row: DecoderCase) {
        #expect(Self.decodeAll(row.bytes[...]) == row.events)
    }

    @Test("the whole table as one stream, at once, byte by byte and in random chunks")
    func wholeTableStream() {
        let bytes = InputDecoderCases.all.flatMap(\.bytes)
        let expected = InputDecoderCases.all.flatMap(\.events)
        var whole = InputDecoder()
        #expect(whole.feed(bytes) == expected)
        var single = InputDecoder()
        #expect(bytes.flatMap { single.feed([$0]) } == expected)
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            var decoder = InputDecoder()
            let chunks = random.chunks(of: bytes, maxLength: 9)
            #expect(chunks.flatMap { decoder.feed($0) } == expected)
        }
        #expect(Self.decodeAll(bytes[...]) == expected)
    }

    /// Applies `InputDecoder.decode` repeatedly, the way a bubbletea-style loop would.
    static func decodeAll(_ bytes: ArraySlice<UInt8>) -> [InputEvent] {
        var rest = bytes
        var events: [InputEvent] = []
        while case .event(let event, let consumed) = InputDecoder.decode(rest) {
            guard consumed > 0 else { Issue.record("decode consumed nothing"); break }
            if let event { events.append(event) }
            rest = rest.dropFirst(consumed)
        }
        return events
    }
}
