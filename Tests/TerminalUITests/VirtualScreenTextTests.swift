import PhotoPagerBase
import Testing
import TestSupport

@Suite("VirtualScreen: text and cursor")
struct VirtualScreenTextTests {
    @Test func printsASCIIAndUTF8() {
        var screen = VirtualScreen(columns: 20, rows: 3)
        screen.feed("héllo wörld")
        #expect(screen.text(row: 0) == "héllo wörld")
        #expect(screen.cursor == .init(column: 11, row: 0))
    }

    @Test func wideCharactersTakeTwoCells() {
        var screen = VirtualScreen(columns: 10, rows: 2)
        screen.feed("a漢b😀c")
        #expect(screen.cell(1, 0).character == "漢")
        #expect(screen.cell(2, 0).isContinuation)
        #expect(screen.cell(3, 0).character == "b")
        #expect(screen.cell(4, 0).character == "😀")
        #expect(screen.cell(5, 0).isContinuation)
        #expect(screen.text(row: 0) == "a漢b😀c")
        #expect(screen.cursor.column == 7)
    }

    @Test func combiningMarksAndVariationSelectorsJoinThePreviousCharacter() {
        var screen = VirtualScreen(columns: 10, rows: 2)
        screen.feed("e\u{301}x\u{2764}\u{FE0F}y")
        #expect(screen.cell(0, 0).character == "e\u{301}")
        #expect(screen.cell(1, 0).character == "x")
        #expect(screen.cell(2, 0).character == "\u{2764}\u{FE0F}")
        #expect(screen.cell(3, 0).isContinuation, "VS16 makes the heart wide")
        #expect(screen.cell(4, 0).character == "y")
    }

    @Test func carriageReturnLineFeedBackspaceAndTab() {
        var screen = VirtualScreen(columns: 20, rows: 3)
        screen.feed("abc\rX\nY\u{8}\u{8}Z\tT")
        #expect(screen.text(row: 0) == "Xbc")
        // LF keeps the column (no ONLCR in a terminal): Y at column 1, then two BS to column 0.
        #expect(screen.text(row: 1) == "ZY      T")
        #expect(screen.cursor == .init(column: 9, row: 1))
    }

    @Test func cursorMovementSequences() {
        var screen = VirtualScreen(columns: 20, rows: 10)
        screen.feed("\u{1B}[5;7HA")           // CUP row 5 col 7 (1-based)
        #expect(screen.cell(6, 4).character == "A")
        screen.feed("\u{1B}[2;3fB")           // HVP
        #expect(screen.cell(2, 1).character == "B")
        screen.feed("\u{1B}[2B\u{1B}[3CC")    // CUD 2, CUF 3
        #expect(screen.cell(6, 3).character == "C")
        screen.feed("\u{1B}[A\u{1B}[2DD")     // CUU 1, CUB 2
        #expect(screen.cell(5, 2).character == "D")
        screen.feed("\u{1B}[12GE")            // CHA 12
        #expect(screen.cell(11, 2).character == "E")
        screen.feed("\u{1B}[9dF")             // VPA 9
        #expect(screen.cell(12, 8).character == "F")
        screen.feed("\u{1B}[99;99H")          // clamped
        #expect(screen.cursor == .init(column: 19, row: 9))
        screen.feed("\u{1B}[H")
        #expect(screen.cursor == .init(column: 0, row: 0))
    }

    @Test func eraseInDisplayAndLine() {
        func filled() -> VirtualScreen {
            var screen = VirtualScreen(columns: 5, rows: 3)
            screen.feed("abcde\r\nfghij\r\nklmno\u{1B}[2;3H")
            return screen
        }
        var screen = filled()
        screen.feed("\u{1B}[J")
        #expect(screen.lines == ["abcde", "fg", ""])
        screen = filled()
        screen.feed("\u{1B}[1J")
        #expect(screen.lines == ["", "   ij", "klmno"])
        screen = filled()
        screen.feed("\u{1B}[2J")
        #expect(screen.lines == ["", "", ""])
        #expect(screen.cursor == .init(column: 2, row: 1), "ED does not move the cursor")
        screen = filled()
        screen.feed("\u{1B}[K")
        #expect(screen.lines == ["abcde", "fg", "klmno"])
        screen = filled()
        screen.feed("\u{1B}[1K")
        #expect(screen.lines == ["abcde", "   ij", "klmno"])
        screen = filled()
        screen.feed("\u{1B}[2K")
        #expect(screen.lines == ["abcde", "", "klmno"])
        screen = filled()
        screen.feed("\u{1B}[2X")
        #expect(screen.lines == ["abcde", "fg  j", "klmno"])
    }

    @Test func wrapsAtTheRightMarginAndScrollsAtTheBottom() {
        var screen = VirtualScreen(columns: 4, rows: 2)
        screen.feed("abcd")
        #expect(screen.cursor == .init(column: 3, row: 0), "pending wrap stays in the last column")
        screen.feed("efgh")
        #expect(screen.lines == ["abcd", "efgh"])
        #expect(screen.scrolledLines == 0)
        screen.feed("i")
        #expect(screen.lines == ["efgh", "i"])
        #expect(screen.scrolledLines == 1)
        screen.feed("\r\n\r\n")
        #expect(screen.lines == ["", ""])
        #expect(screen.scrolledLines == 3)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = VirtualScreen(columns: 6, rows: 1)
        screen.feed("漢字\u{1B}[1Gx")
        #expect(screen.text(row: 0) == "x 字")
        #expect(!screen.cell(1, 0).isContinuation)
        screen.feed("\u{1B}[4Gy")
        #expect(screen.text(row: 0) == "x  y")
    }

    @Test func splitFeedingGivesTheSameScreen() {
        let stream = Array(("\u{1B}[?1049h\u{1B}[2J\u{1B}[3;4H\u{1B}[1;38;2;1;2;3;48;5;200mhé漢😀\u{1B}[0m"
            + "\u{1B}]8;;https://example.com/ü\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}]52;c;aGVsbG8=\u{7}"
            + "\u{1B}P0;1;0q\"1;1;20;40#1~~\u{1B}\\\u{1B}_Ga=T,f=24,s=1,v=1,c=2,r=1,i=9,C=1;AAAA\u{1B}\\"
            + "\u{1B}[?1006h\u{1B}[?25l\u{1B}[5;1Htail\u{1B}[K").utf8)
        var whole = VirtualScreen(columns: 30, rows: 8)
        whole.feed(stream)
        var split = VirtualScreen(columns: 30, rows: 8)
        for byte in stream { split.feed([byte]) }
        #expect(split.lines == whole.lines)
        for row in 0..<8 {
            for column in 0..<30 { #expect(split.cell(column, row) == whole.cell(column, row), "(\(column),\(row))") }
        }
        #expect(split.cursor == whole.cursor)
        #expect(split.modes == whole.modes)
        #expect(split.images == whole.images)
        #expect(split.clipboard == whole.clipboard)
        #expect(whole.clipboard.map(\.text) == ["hello"])
        #expect(whole.images.map(\.kind) == [.sixel, .kitty])
    }

    @Test func randomBytesNeverCrashAndKeepTheCursorOnScreen() {
        var generator = SplitMix64(seed: 7)
        var screen = VirtualScreen(columns: 13, rows: 5)
        let alphabet: [UInt8] = Array("\u{1B}[];?P_\\0123456789;:Hmq\"#!-$GJKhl~é".utf8) + [0x07, 0x18, 0x9B, 0xFF, 0xC3, 0x0A, 0x0D, 0x08]
        for _ in 0..<20_000 {
            screen.feed([alphabet.randomElement(using: &generator)!])
            #expect(screen.cursor.column >= 0 && screen.cursor.column < 13 && screen.cursor.row >= 0 && screen.cursor.row < 5)
        }
    }

    @Test func malformedUTF8BecomesReplacementCharacters() {
        var screen = VirtualScreen(columns: 10, rows: 1)
        screen.feed([0x61, 0xC3, 0x1B, 0x5B, 0x6D, 0x62, 0xFF, 0x63])
        #expect(screen.text(row: 0) == "a\u{FFFD}b\u{FFFD}c")
    }
}
