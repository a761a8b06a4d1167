import PhotoPagerBase
import Testing
import TestSupport

@Suite("VirtualScreen: modes, links, clipboard")
struct VirtualScreenModeTests {
    @Test func alternateScreenSavesTheMainScreenAndCursor() {
        var screen = VirtualScreen(columns: 10, rows: 3)
        screen.feed("shell$ \u{1B}[?1049h")
        #expect(screen.isAlternateScreen)
        #expect(screen.lines == ["", "", ""])
        screen.feed("\u{1B}[2;2Happ")
        screen.feed("\u{1B}[?1049l")
        #expect(!screen.isAlternateScreen)
        #expect(screen.lines == ["shell$", "", ""])
        #expect(screen.cursor == .init(column: 7, row: 0))
    }

    @Test func modeFlags() {
        var screen = VirtualScreen(columns: 10, rows: 3)
        #expect(screen.isCursorVisible)
        screen.feed("\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?2026h")
        #expect(!screen.isCursorVisible)
        #expect(screen.modes.isSuperset(of: [1000, 1002, 1006, 2004, 2026]))
        screen.feed("\u{1B}[?1000;1002;1006;2004l\u{1B}[?2026l\u{1B}[?25h")
        #expect(screen.isCursorVisible)
        #expect(screen.modes.isDisjoint(with: [1000, 1002, 1006, 2004, 2026]))
        #expect(screen.lines == ["", "", ""], "mode changes print nothing")
    }

    @Test func hyperlinksAreRecordedPerCell() {
        var screen = VirtualScreen(columns: 20, rows: 1)
        screen.feed("a\u{1B}]8;id=1;https://unsplash.com/p\u{1B}\\bc\u{1B}]8;;\u{1B}\\d\u{1B}]8;;http://x\u{7}e")
        #expect(screen.cell(0, 0).link == nil)
        #expect(screen.cell(1, 0).link == "https://unsplash.com/p")
        #expect(screen.cell(2, 0).link == "https://unsplash.com/p")
        #expect(screen.cell(3, 0).link == nil)
        #expect(screen.cell(4, 0).link == "http://x", "BEL also ends an OSC")
        #expect(screen.text(row: 0) == "abcde")
    }

    @Test func clipboardWritesAreDecoded() {
        var screen = VirtualScreen(columns: 10, rows: 1)
        screen.feed("\u{1B}]52;c;aHR0cHM6Ly91bnNwbGFzaC5jb20vcGhvdG9zL3g=\u{1B}\\\u{1B}]52;c;?\u{7}")
        #expect(screen.clipboard == [.init(selection: "c", text: "https://unsplash.com/photos/x")])
        #expect(screen.lines == [""])
    }

    @Test func unknownSequencesAreIgnoredSafely() {
        var screen = VirtualScreen(columns: 10, rows: 1)
        screen.feed("\u{1B}[>4;2m\u{1B}[2 q\u{1B}(B\u{1B}]0;title\u{7}\u{1B}^privacy\u{1B}\\\u{1B}Pzzz\u{1B}\\\u{1B}[?999hok")
        #expect(screen.text(row: 0) == "ok")
        screen.feed("\u{1B}]52;c;aGk=\u{18}X")
        #expect(screen.clipboard.isEmpty, "CAN aborts the OSC")
        #expect(screen.text(row: 0) == "okX")
    }
}
