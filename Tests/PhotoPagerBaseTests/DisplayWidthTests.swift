import Testing
@testable import PhotoPagerBase

@Suite("Terminal display width")
struct DisplayWidthTests {
    @Test("columns per text", arguments: [
        ("", 0),
        ("hello", 5),
        ("Ünïcödé", 7),
        ("cafe\u{301}", 4),                 // combining acute
        ("e\u{301}\u{302}\u{303}", 1),      // stacked marks
        ("東京", 4),                         // CJK ideographs
        ("ひらがなカタカナ", 16),              // kana
        ("한국어", 6),                        // Hangul syllables
        ("\u{1100}\u{1161}\u{11A8}", 2),    // conjoining jamo: one syllable
        ("ＡＢＣ！", 8),                      // fullwidth forms
        ("ｱｲｳ", 3),                          // halfwidth katakana stays narrow
        ("「」。", 6),                        // CJK punctuation
        ("𠀀", 2),                            // CJK Extension B (plane 2)
        ("😀", 2),
        ("🎉x", 3),
        ("👍🏽", 2),                           // skin-tone modifier
        ("👩‍👩‍👧", 2),                       // ZWJ family: one glyph
        ("🇯🇵", 2),                           // flag
        ("❤", 1), ("❤️", 2),                  // text default, then VS16
        ("☺︎", 1),                            // VS15 keeps text presentation
        ("a\u{200B}b", 2),                   // zero-width space
        ("\u{200D}", 0),
        ("\u{301}", 0),                      // orphan combining mark
        ("½ → ★", 5),                         // ambiguous width counts 1
    ])
    func width(text: String, columns: Int) {
        #expect(TerminalText.displayWidth(text) == columns)
    }

    @Test("the wide table is sorted and non-overlapping, and its search agrees with a scan")
    func tableIntegrity() {
        let ranges = WideCharacters.ranges
        for (a, b) in zip(ranges, ranges.dropFirst()) {
            #expect(a.upperBound < b.lowerBound, "\(a) overlaps or precedes \(b)")
        }
        for value: UInt32 in [0x10FF, 0x1100, 0x115F, 0x1160, 0x3040, 0x3041, 0x9FFF, 0xA000, 0xFF60, 0xFF61,
                              0x1F600, 0x1F64F, 0x1F650, 0x2FFFD, 0x3FFFE] {
            let scalar = Unicode.Scalar(value)!
            #expect(WideCharacters.contains(scalar) == ranges.contains { $0.contains(value) }, "U+\(String(value, radix: 16))")
        }
    }
}
