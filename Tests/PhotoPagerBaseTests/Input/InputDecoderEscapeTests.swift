import Testing
@testable import PhotoPagerBase

/// The one ambiguity bytes cannot settle — a lone ESC — and everything `flushPendingEscape`
/// resolves after the caller's timeout.
@Suite("InputDecoder: pending ESC and flushing")
struct InputDecoderEscapeTests {
    @Test("a lone ESC waits, then the flush makes it Escape")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flushPendingEscape() == [.key(.escape)])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flushPendingEscape() == [])
    }

    @Test("ESC then a key in the next read, before the timeout, is Alt+key")
    func escapeThenKeyLater() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("x".utf8)) == [.key(.character("x"), modifiers: .alt)])
        #expect(!decoder.hasPendingInput)
    }

    @Test("ESC then a key after the timeout is Escape, then the key")
    func escapeTimeoutThenKey() {
        var decoder = InputDecoder()
        _ = decoder.feed([0x1B])
        #expect(decoder.flushPendingEscape() == [.key(.escape)])
        #expect(decoder.feed(Array("x".utf8)) == [.key(.character("x"))])
    }

    /// Unfinished input and what the timeout makes of it.
    static let partialCases: [([UInt8], InputEvent)] = [
        (Array("\u{1B}[".utf8), InputEvent.key(.character("["), modifiers: .alt)),
        (Array("\u{1B}O".utf8), .key(.character("O"), modifiers: .alt)),
        (Array("\u{1B}P".utf8), .key(.character("P"), modifiers: .alt)),
        (Array("\u{1B}\u{1B}".utf8), .key(.escape, modifiers: .alt)),
        (Array("\u{1B}[1;5".utf8), .unknown(Array("\u{1B}[1;5".utf8))),
        (Array("\u{1B}[<0;3".utf8), .unknown(Array("\u{1B}[<0;3".utf8))),
        (Array("\u{1B}[M !".utf8), .unknown(Array("\u{1B}[M !".utf8))),
        (Array("\u{1B}P>|XTe".utf8), .unknown(Array("\u{1B}P>|XTe".utf8))),
        (Array("\u{1B}_Gi=1;OK\u{1B}".utf8), .unknown(Array("\u{1B}_Gi=1;OK\u{1B}".utf8))),
        (Array("\u{1B}[200~half a paste\u{1B}[20".utf8), .paste("half a paste")),
        ([0x1B, 0xC3], .key(.character("\u{FFFD}"), modifiers: .alt)),   // Alt+é cut short
    ]

    @Test("partial sequences at the timeout", arguments: partialCases)
    func partial(bytes: [UInt8], expected: InputEvent) {
        var decoder = InputDecoder()
        #expect(decoder.feed(bytes) == [])
        #expect(decoder.hasPendingInput)
        #expect(decoder.flushPendingEscape() == [expected])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.feed(Array("\u{1B}[A".utf8)) == [.key(.up)])
    }

    @Test("a partial UTF-8 character at the timeout is U+FFFD")
    func partialUTF8() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0xE2, 0x82]) == [])
        #expect(decoder.flushPendingEscape() == [.key(.character("\u{FFFD}"))])
    }

    @Test("an expected cursor report wins over Shift+F3, once")
    func cursorReportExpected() {
        var decoder = InputDecoder()
        decoder.expectsCursorPositionReport = true
        #expect(decoder.feed(Array("\u{1B}[1;2R".utf8)) == [.cursorPosition(row: 0, column: 1)])
        #expect(!decoder.expectsCursorPositionReport)
        #expect(decoder.feed(Array("\u{1B}[1;2R".utf8)) == [.key(.function(3), modifiers: .shift)])
    }

    @Test("the stateless decode reports what it consumed, or that it needs more")
    func statelessDecode() {
        func decode(_ text: String) -> InputDecoder.DecodeResult { InputDecoder.decode(Array(text.utf8)[...]) }
        #expect(decode("") == .needMore)
        #expect(decode("\u{1B}") == .needMore)
        #expect(decode("\u{1B}[1;5") == .needMore)
        #expect(decode("\u{1B}[Ax") == .event(.key(.up), consumed: 3))
        #expect(decode("q\u{1B}[A") == .event(.key(.character("q")), consumed: 1))
        #expect(decode("\u{1B}[1;\u{1B}[A") == .event(.unknown(Array("\u{1B}[1;".utf8)), consumed: 4))
        #expect(decode("\u{1B}P>|ab\u{1B}[B") == .event(.unknown(Array("\u{1B}P>|ab".utf8)), consumed: 6))
        #expect(decode("\u{1B}\u{1B}a") == .event(.key(.escape, modifiers: .alt), consumed: 2))
        #expect(decode("\u{1B}[201~x") == .event(nil, consumed: 6))
    }

    @Test("kitty reply fields are looked up by key")
    func kittyValues() {
        let reply = KittyGraphicsReply(control: "i=31,p=7", message: "OK")
        #expect(reply.value(forKey: "i") == "31")
        #expect(reply.value(forKey: "p") == "7")
        #expect(reply.value(forKey: "q") == nil)
        #expect(reply.isOK)
        #expect(!KittyGraphicsReply(control: "i=1", message: "ENOENT:x").isOK)
    }
}
