import PhotoPagerBase
import Testing
import TestSupport
import TerminalUI

@Suite("FrameWriter: half-block (text) images")
struct FrameWriterTextImageTests {
    static let box = Rect(x: 10, y: 2, width: 4, height: 3)

    static func frame(_ id: String?) -> Frame {
        var frame = Frame(columns: 30, rows: 8)
        for row in 0..<8 { frame.put(String(repeating: "=", count: 30), column: 0, row: row) }
        if let id { frame.images = [ImagePlacement(rect: box, content: FakeImages.content(id, cells: box))] }
        return frame
    }

    @Test func drawnAtTheBoxEvenWhenEncodedForColumnZero() throws {
        let blocks = try FakeImages.blocks(columns: 4, rows: 3)
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 8)
        let frame = Self.frame("a")
        screen.feed(writer.render(frame) { _ in blocks })
        for row in 2..<5 {
            for column in 10..<14 {
                let cell = screen.cell(column, row)
                #expect(cell.character == "▀", "(\(column),\(row))")
                #expect(cell.style.foreground == .rgb(255, 0, 0) && cell.style.background == .rgb(0, 0, 255))
            }
        }
        #expect(mismatches(screen, frame, skipping: [Self.box]).isEmpty, "\(screen)")

        let unchanged = writer.render(frame) { _ in blocks }
        #expect(count("▀", in: unchanged) == 0, "not redrawn while unchanged")
    }

    @Test func redrawnWhenTheContentChangesAndRepaintedWhenGone() throws {
        let blocks = try FakeImages.blocks(columns: 4, rows: 3)
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 8)
        screen.feed(writer.render(Self.frame("a")) { _ in blocks })
        let changed = writer.render(Self.frame("b")) { _ in blocks }
        screen.feed(changed)
        #expect(count("▀", in: changed) == 12)
        let frame = Self.frame(nil)
        screen.feed(writer.render(frame) { _ in blocks })
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
    }

    @Test func imageColoursDoNotLeakIntoTheText() throws {
        let blocks = try FakeImages.blocks(columns: 4, rows: 3)
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 8)
        var frame = Self.frame("a")
        screen.feed(writer.render(frame) { _ in blocks })
        frame.put("plain", column: 15, row: 3)
        screen.feed(writer.render(frame) { _ in blocks })
        #expect(mismatches(screen, frame, skipping: [Self.box]).isEmpty, "\(screen)")
    }
}
