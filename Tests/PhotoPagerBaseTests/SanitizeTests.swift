import Testing
@testable import PhotoPagerBase

@Suite("Sanitizing untrusted text")
struct SanitizeTests {
    @Test("escape sequences cannot get through", arguments: [
        ("evil\u{1b}]52;c;aGk=\u{07}name", "evilname"),                  // OSC 52: clipboard write
        ("\u{1b}[2J\u{1b}[31mred\u{1b}[0m", "red"),                         // CSI: clear, colours
        ("Mal\u{1b}[31;1mory", "Malory"),                                  // no "[31;1m" left behind
        ("a\u{9b}31mb", "ab"),                                            // 8-bit CSI (C1)
        ("a\u{9d}8;;http://x\u{9c}b", "ab"),                              // 8-bit OSC and ST
        ("\u{1b}P+q544e\u{1b}\\after", "after"),                            // DCS query, ST
        ("\u{1b}_Gi=31;AAAA\u{1b}\\ok", "ok"),                              // kitty APC
        ("\u{1b}(Bx\u{1b}7y", "xy"),                                        // charset, save cursor
        ("cut\u{1b}]0;title never ends", "cut"),                            // unterminated OSC
        ("a\u{1b}[3\u{E9}b", "a\u{E9}b"),                                    // broken CSI: rest kept
        ("bell\u{07}\u{00}\u{7f}\u{08}", "bell"),                          // BEL, NUL, DEL, BS
        ("\u{80}\u{85}x\u{9f}", " x"),                                     // C1 edges; NEL is a line break
    ])
    func controls(input: String, expected: String) {
        let output = TerminalText.sanitized(input)
        #expect(output == expected)
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("line breaks and tabs become single spaces", arguments: [
        ("two\nlines", "two lines"),
        ("crlf\r\nend", "crlf end"),
        ("cr\rlf\n\rx", "cr lf  x"),
        ("tab\there", "tab here"),
        ("vt\u{0B}ff\u{0C}", "vt ff "),
        ("ls\u{2028}ps\u{2029}", "ls ps "),
    ])
    func whitespace(input: String, expected: String) {
        #expect(TerminalText.sanitized(input) == expected)
    }

    @Test("bidi overrides and isolates are removed")
    func bidi() {
        let controls = (0x202A...0x202E).map { String(UnicodeScalar($0)!) }.joined()
            + (0x2066...0x2069).map { String(UnicodeScalar($0)!) }.joined()
        #expect(TerminalText.sanitized("a\(controls)b") == "ab")
        #expect(TerminalText.sanitized("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
    }

    @Test("ordinary text is untouched", arguments: [
        "", "Gilbert Kane", "東京の夜", "café", "cafe\u{301}", "👩‍👩‍👧 🇨🇦", "a\u{200D}b", "x\u{FE0F}", "\u{A0}nbsp",
    ])
    func untouched(text: String) {
        let output = TerminalText.sanitized(text)
        #expect(output == text)
        #expect(Array(output.unicodeScalars) == Array(text.unicodeScalars))
    }
}
