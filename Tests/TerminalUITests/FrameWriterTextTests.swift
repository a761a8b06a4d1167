import PhotoPagerBase
import Testing
import TestSupport
import TerminalUI

@Suite("FrameWriter: text diffing")
struct FrameWriterTextTests {
    static let sync = Array("\u{1B}[?2026h\u{1B}[?2026l".utf8)

    static func sample(columns: Int = 40, rows: Int = 10) -> Frame {
        var frame = Frame.lines(["photopager", "", "  Grid  12/240", "Tokyo night by Ana"], columns: columns, rows: rows)
        frame.put("bold", column: 5, row: 5, style: Style(bold: true))
        frame.put("red on blue", column: 20, row: 6, style: Style(foreground: .indexed(1), background: .indexed(4)))
        frame.put("truecolor", column: 0, row: 7, style: Style(foreground: .rgb(10, 200, 30), underline: true))
        frame.put("status", column: columns - 6, row: rows - 1, style: Style(reverse: true))
        return frame
    }

    @Test func firstFrameDrawsEverythingExactly() {
        var screen = VirtualScreen(columns: 40, rows: 10)
        screen.feed("leftover shell output\r\n\u{1B}[31mred")
        var writer = FrameWriter()
        let frame = Self.sample()
        let bytes = writer.render(frame) { _ in nil }
        screen.feed(bytes)
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        #expect(!screen.isCursorVisible)
        #expect(screen.scrolledLines == 0, "writing the bottom-right cell must not scroll")
        #expect(count("\u{1B}[2J", in: bytes) == 1)
    }

    @Test func oneChangedCellCostsOnlyAFewBytes() {
        var screen = VirtualScreen(columns: 40, rows: 10)
        var writer = FrameWriter()
        var frame = Self.sample()
        screen.feed(writer.render(frame) { _ in nil })
        frame[9, 2] = Cell("3", style: Style(bold: true))
        let bytes = writer.render(frame) { _ in nil }
        screen.feed(bytes)
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        #expect(bytes.count <= 40, "sync (16) + CUP + SGR + 1 character, got \(bytes.count): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        #expect(count("\u{1B}[2J", in: bytes) == 0)
    }

    /// State the screen does not show changes often (headers of photos off screen): an unchanged
    /// frame writes nothing at all, so an idle pager is quiet on the wire.
    @Test func anUnchangedFrameWritesNothing() {
        var writer = FrameWriter()
        let frame = Self.sample()
        _ = writer.render(frame) { _ in nil }
        #expect(writer.render(frame) { _ in nil }.isEmpty)
        var changed = frame
        changed[0, 0].character = "Z"
        let bytes = writer.render(changed) { _ in nil }
        #expect(bytes.starts(with: Array("\u{1B}[?2026h".utf8)) && bytes.count > Self.sync.count)
    }

    @Test func everyFrameIsWrappedInSynchronizedOutput() {
        var writer = FrameWriter()
        var frame = Self.sample()
        for step in 0..<5 {
            frame.put("step \(step)", column: 0, row: 1)
            let bytes = writer.render(frame) { _ in nil }
            #expect(bytes.starts(with: Array("\u{1B}[?2026h".utf8)))
            #expect(bytes.suffix(8).elementsEqual(Array("\u{1B}[?2026l".utf8)))
            #expect(count("\u{1B}[?2026", in: bytes) == 2)
        }
    }

    @Test func aRunOfChangedCellsNeedsOneCursorMove() {
        var writer = FrameWriter()
        var frame = Self.sample()
        _ = writer.render(frame) { _ in nil }
        frame.put("Kyoto", column: 0, row: 3)
        frame.put("dawn!", column: 30, row: 3)
        let bytes = writer.render(frame) { _ in nil }
        #expect(csiSequences(in: bytes, final: UInt8(ascii: "H")).count == 2, "one CUP per run")
        #expect(sgrSequences(in: bytes) == ["0"], "back from the status line's reverse once, for both runs")
    }

    @Test func invalidateRedrawsEverything() {
        var screen = VirtualScreen(columns: 40, rows: 10)
        var writer = FrameWriter()
        let frame = Self.sample()
        screen.feed(writer.render(frame) { _ in nil })
        screen.feed("\u{1B}[3;3H\u{1B}[44mSOMEONE ELSE WROTE HERE\u{1B}[?25h")
        writer.invalidate()
        let bytes = writer.render(frame) { _ in nil }
        screen.feed(bytes)
        #expect(count("\u{1B}[2J", in: bytes) == 1)
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        #expect(!screen.isCursorVisible)
    }

    @Test func aNewSizeRedrawsEverything() {
        var writer = FrameWriter()
        _ = writer.render(Self.sample()) { _ in nil }
        let bigger = Self.sample(columns: 50, rows: 12)
        var screen = VirtualScreen(columns: 50, rows: 12)
        screen.feed(String(repeating: "x", count: 600))
        let bytes = writer.render(bigger) { _ in nil }
        screen.feed(bytes)
        #expect(count("\u{1B}[2J", in: bytes) == 1)
        #expect(mismatches(screen, bigger).isEmpty, "\(screen)")
    }

    @Test func aFullScreenOfTextNeverScrolls() {
        var frame = Frame(columns: 12, rows: 4)
        for row in 0..<4 { frame.put(String(repeating: "#", count: 12), column: 0, row: row) }
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 12, rows: 4)
        screen.feed(writer.render(frame) { _ in nil })
        frame[11, 3] = Cell("@")
        frame[0, 0] = Cell("@")
        screen.feed(writer.render(frame) { _ in nil })
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        #expect(screen.scrolledLines == 0)
    }

    @Test func emptyFramesAreHarmless() {
        var writer = FrameWriter()
        let bytes = writer.render(Frame(columns: 0, rows: 0)) { _ in nil }
        #expect(bytes.starts(with: Array("\u{1B}[?2026h".utf8)))
        #expect(writer.render(Frame(columns: 0, rows: 0)) { _ in nil }.isEmpty)
    }
}
