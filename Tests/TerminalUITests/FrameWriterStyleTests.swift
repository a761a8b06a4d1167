import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
import TerminalUI

@Suite("FrameWriter: styles, colours, wide characters, links, hostile text")
struct FrameWriterStyleTests {
    private func draw(_ frame: Frame, depth: ColorDepth = .truecolor) -> (VirtualScreen, [UInt8]) {
        var writer = FrameWriter(colorDepth: depth)
        var screen = VirtualScreen(columns: frame.columns, rows: frame.rows)
        let bytes = writer.render(frame) { _ in nil }
        screen.feed(bytes)
        return (screen, bytes)
    }

    @Test func everyAttributeAndColourFormArrivesExactly() {
        let styles: [Style] = [
            Style(bold: true), Style(dim: true), Style(reverse: true), Style(underline: true),
            Style(foreground: .indexed(3)), Style(foreground: .indexed(11), background: .indexed(0)),
            Style(foreground: .indexed(200), background: .indexed(17)),
            Style(foreground: .rgb(1, 2, 3), background: .rgb(250, 128, 0), bold: true, underline: true),
        ]
        var frame = Frame(columns: 20, rows: styles.count)
        for (row, style) in styles.enumerated() { frame.put("styled \(row)", column: 2, row: row, style: style) }
        let (screen, _) = draw(frame)
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
    }

    @Test func theStyleIsSentOnlyWhenItChanges() {
        var frame = Frame(columns: 30, rows: 2)
        frame.put(String(repeating: "a", count: 10), column: 0, row: 0, style: Style(bold: true))
        frame.put(String(repeating: "b", count: 10), column: 10, row: 0, style: Style(foreground: .indexed(2)))
        frame.put(String(repeating: "c", count: 10), column: 0, row: 1, style: Style(foreground: .indexed(2)))
        let (screen, bytes) = draw(frame)
        #expect(mismatches(screen, frame).isEmpty)
        // The full redraw's reset, then bold and green; row 1 continues in green, and the blank
        // cells after the text are already blank on the cleared screen.
        #expect(sgrSequences(in: bytes) == ["0", "0;1", "0;32"])
    }

    @Test func coloursAreDowngradedTo256() {
        var frame = Frame(columns: 10, rows: 1)
        frame.put("a", column: 0, row: 0, style: Style(foreground: .rgb(255, 0, 0), background: .rgb(18, 18, 18)))
        frame.put("b", column: 1, row: 0, style: Style(foreground: .indexed(5), background: .indexed(123)))
        let (screen, bytes) = draw(frame, depth: .palette256)
        #expect(screen.cell(0, 0).style == Style(foreground: .indexed(196), background: .indexed(233)))
        #expect(screen.cell(1, 0).style == Style(foreground: .indexed(5), background: .indexed(123)))
        #expect(count("38;2", in: bytes) + count("48;2", in: bytes) == 0)
    }

    @Test func coloursAreDowngradedTo16() {
        var frame = Frame(columns: 10, rows: 1)
        frame.put("a", column: 0, row: 0, style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 120)))
        frame.put("b", column: 1, row: 0, style: Style(foreground: .indexed(196), background: .indexed(244)))
        frame.put("c", column: 2, row: 0, style: Style(foreground: .indexed(12), background: .rgb(250, 250, 250)))
        let (screen, bytes) = draw(frame, depth: .palette16)
        #expect(screen.cell(0, 0).style == Style(foreground: .indexed(9), background: .indexed(4)))
        #expect(screen.cell(1, 0).style == Style(foreground: .indexed(9), background: .indexed(8)))
        #expect(screen.cell(2, 0).style == Style(foreground: .indexed(12), background: .indexed(15)))
        #expect(count("38;", in: bytes) + count("48;", in: bytes) == 0, "only 30–37/90–97/40–47/100–107")
    }

    @Test func wideCharactersTakeTwoCellsAndAreWrittenOnce() {
        var frame = Frame(columns: 12, rows: 3)
        frame.put("漢字テスト", column: 1, row: 0)
        frame.put("a😀b🇯🇵c", column: 0, row: 1)
        frame.put("❤️ok", column: 0, row: 2)
        let (screen, bytes) = draw(frame)
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        #expect(count("漢", in: bytes) == 1)
    }

    @Test func brokenWideCharactersBecomeSpaces() {
        var frame = Frame(columns: 6, rows: 2)
        frame[5, 0] = Cell("漢")                               // last column: no room for the right half
        frame[0, 1] = Cell("字")                               // right half not marked as continuation
        frame[1, 1] = Cell("x")
        frame[3, 1] = Cell(" ", isContinuation: true)          // a continuation without its character
        let (screen, _) = draw(frame)
        #expect(screen.text(row: 0) == "")
        #expect(screen.text(row: 1) == " x")
        #expect(screen.scrolledLines == 0)
    }

    @Test func wideAndNarrowCharactersReplaceEachOther() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 8, rows: 1)
        let frames = [Frame.lines(["ab漢cd"], columns: 8, rows: 1), Frame.lines(["a漢bcd"], columns: 8, rows: 1),
                      Frame.lines(["abxyz"], columns: 8, rows: 1), Frame.lines(["漢字テス"], columns: 8, rows: 1),
                      Frame.lines([" 漢字 x"], columns: 8, rows: 1)]
        for frame in frames {
            screen.feed(writer.render(frame) { _ in nil })
            #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        }
    }

    @Test func linksAreOpenedPerRunAndClosedAfterTheFrame() {
        var frame = Frame(columns: 30, rows: 2)
        frame.put("share ", column: 0, row: 0)
        frame.put("unsplash.com/p/x", column: 6, row: 0, link: "https://unsplash.com/photos/x?utm_source=photopager")
        frame.put("other", column: 0, row: 1, link: "https://example.com/ü ß")
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 2)
        let bytes = writer.render(frame) { _ in nil }
        screen.feed(bytes)
        #expect(screen.cell(6, 0).link == "https://unsplash.com/photos/x?utm_source=photopager")
        #expect(screen.cell(21, 0).link == "https://unsplash.com/photos/x?utm_source=photopager")
        #expect(screen.cell(5, 0).link == nil)
        #expect(screen.cell(0, 1).link == "https://example.com/%C3%BC%20%C3%9F", "non-ASCII and spaces are percent-encoded")
        #expect(count("\u{1B}]8;;https://unsplash", in: bytes) == 1)
        screen.feed("\u{1B}[2;20Hafter")
        #expect(screen.cell(19, 1).link == nil, "no link left open after the frame")
    }

    @Test func hostileTextNeverReachesTheTerminalAsControls() {
        var frame = Frame(columns: 20, rows: 2)
        let hostile: [Character] = ["\u{1B}", "\u{7}", "\u{9B}", "\r\n", "\u{202E}", "\u{8}", "\u{0}", "\u{7F}", "\u{85}", "\u{301}", "\u{200D}"]
        for (column, character) in hostile.enumerated() { frame[column, 0] = Cell(character) }
        frame.put("link", column: 0, row: 1, link: "https://x\u{1B}]52;c;aGk=\u{7}\u{1B}\\\u{1B}[2J")
        let (screen, bytes) = draw(frame)
        #expect(screen.text(row: 0) == "", "every control became a space")
        #expect(screen.clipboard.isEmpty)
        #expect(screen.cell(0, 1).link == "https://x]52;c;aGk=\\[2J")
        #expect(screen.text(row: 1) == "link")
        for forbidden: UInt8 in [0x00, 0x07, 0x08, 0x09, 0x0A, 0x0D, 0x7F] { #expect(!bytes.contains(forbidden), "byte \(forbidden)") }
        let c1 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
        #expect(!c1, "no C1 controls")
        #expect(count("\u{1B}[2J", in: bytes) == 1, "only the writer's own clear")
        #expect(count("\u{1B}]52", in: bytes) == 0)
    }
}
