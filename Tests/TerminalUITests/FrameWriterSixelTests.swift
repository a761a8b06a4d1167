import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
import TerminalUI

@Suite("FrameWriter: sixel images")
struct FrameWriterSixelTests {
    static let box = Rect(x: 2, y: 1, width: 4, height: 2)

    /// Text everywhere, including a placeholder inside every image box.
    static func frame(images boxes: [Rect], ids: [String]? = nil) -> Frame {
        var frame = Frame(columns: 30, rows: 12)
        for row in 0..<12 { frame.put(String(repeating: "\(row % 10)", count: 30), column: 0, row: row) }
        for (index, box) in boxes.enumerated() {
            frame.put("....", column: box.x, row: box.y)
            frame.images.append(ImagePlacement(rect: box, content: FakeImages.content(ids?[index] ?? "a", cells: box)))
        }
        return frame
    }

    static func sixel(_ content: ImageContent) -> EncodedImage? { FakeImages.sixel(content.pixelSize) }

    private func render(_ frame: Frame, _ writer: inout FrameWriter, _ screen: inout VirtualScreen,
                        images: (ImageContent) -> EncodedImage? = sixel) -> [UInt8] {
        let bytes = writer.render(frame, images: images)
        screen.feed(bytes)
        return bytes
    }

    @Test func drawnOnceThenLeftAlone() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        var frame = Self.frame(images: [Self.box])
        let first = render(frame, &writer, &screen)
        #expect(count("\u{1B}P", in: first) == 1)
        #expect(screen.images.map(\.rect) == [Self.box])
        #expect(screen.images.first?.kind == .sixel)
        #expect(mismatches(screen, frame, skipping: [Self.box]).isEmpty, "\(screen)")

        frame.put("changed", column: 10, row: 8)
        frame.put("XX", column: 3, row: 1) // under the image: not written while it is there
        let second = render(frame, &writer, &screen)
        #expect(count("\u{1B}P", in: second) == 0)
        #expect(count("XX", in: second) == 0)
        #expect(screen.images.map(\.rect) == [Self.box])
        #expect(screen.drawnImages.count == 1)
        #expect(mismatches(screen, frame, skipping: [Self.box]).isEmpty, "\(screen)")
    }

    /// An animation's next frame (or a pan) in the same box at the same size paints over the
    /// one before: no erase first, which xterm would show as a flash between frames. Another
    /// size in the box is erased first, so no pixel of the old one stays.
    @Test func aNextFrameOfTheSameSizeIsDrawnWithoutErasing() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        _ = render(Self.frame(images: [Self.box], ids: ["a"]), &writer, &screen)
        let next = render(Self.frame(images: [Self.box], ids: ["b"]), &writer, &screen)
        #expect(count("\u{1B}P", in: next) == 1)
        #expect(count("\u{1B}[4X", in: next) == 0, "no erase of the box")
        #expect(screen.images.map(\.rect) == [Self.box])
        var smaller = Self.frame(images: [Self.box], ids: ["c"])
        smaller.images[0].content.pixelSize.width -= 3
        let other = render(smaller, &writer, &screen)
        #expect(count("\u{1B}[4X", in: other) == 2, "both rows erased first")
    }

    /// Konsole keeps sixels on a layer of their own: the text that replaces an image in xterm
    /// leaves it there. A frame that no longer shows one where it was is drawn whole after a
    /// screen clear; a frame that keeps every image where it was is a diff as anywhere.
    /// ``frame(images:ids:)`` with image heights in whole sixel bands, as the app sizes them for
    /// a terminal that draws the last band whole (`GridLayout.thumbnailFit`'s `heightStep`).
    static func banded(images boxes: [Rect], ids: [String]? = nil) -> Frame {
        var frame = frame(images: boxes, ids: ids)
        for index in frame.images.indices { frame.images[index].content.pixelSize.height -= frame.images[index].content.pixelSize.height % 6 }
        return frame
    }

    @Test func onAnImageLayerAnImageThatLeavesIsClearedAway() {
        var writer = FrameWriter(imagesOnOwnLayer: true)
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell, imagesOnOwnLayer: true)
        let other = Rect(x: 10, y: 4, width: 4, height: 2)
        _ = render(Self.banded(images: [Self.box, other], ids: ["a", "b"]), &writer, &screen)
        #expect(screen.images.map(\.rect) == [Self.box, other])

        var kept = Self.banded(images: [Self.box, other], ids: ["a", "b"])
        kept.put("changed", column: 10, row: 8)
        let diff = render(kept, &writer, &screen)
        #expect(count("\u{1B}[2J", in: diff) == 0 && count("\u{1B}P", in: diff) == 0)

        // "b" leaves: in xterm its cells' text would remove it; here only a clear does.
        let gone = render(Self.banded(images: [Self.box], ids: ["a"]), &writer, &screen)
        #expect(count("\u{1B}[2J", in: gone) == 1)
        #expect(screen.images.map(\.rect) == [Self.box], "\(screen)")
        #expect(mismatches(screen, Self.banded(images: [Self.box]), skipping: [Self.box]).isEmpty, "\(screen)")

        // Another photo in the same box: cleared too (a smaller one would leave the old edges).
        _ = render(Self.banded(images: [Self.box], ids: ["c"]), &writer, &screen)
        #expect(screen.images.count == 1 && screen.images.first?.rect == Self.box, "\(screen)")

        // Without the layer, text over "b" is what removes it: no clear.
        var plain = FrameWriter()
        var xterm = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        _ = render(Self.frame(images: [Self.box, other], ids: ["a", "b"]), &plain, &xterm)
        let xtermGone = render(Self.frame(images: [Self.box], ids: ["a"]), &plain, &xterm)
        #expect(count("\u{1B}[2J", in: xtermGone) == 0)
        #expect(xterm.images.map(\.rect) == [Self.box])
    }

    /// A sixel cut short in the queue left what was drawn of it on the layer: the next frame is
    /// drawn whole after a clear.
    @Test func onAnImageLayerACutSixelClearsTheNextFrame() {
        var writer = FrameWriter(imagesOnOwnLayer: true)
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell, imagesOnOwnLayer: true)
        _ = render(Self.banded(images: [Self.box], ids: ["a"]), &writer, &screen)
        writer.forgetImages(drawnBy: [1])
        let next = render(Self.banded(images: [Self.box], ids: ["a"]), &writer, &screen)
        #expect(count("\u{1B}[2J", in: next) == 1)
        #expect(count("\u{1B}P", in: next) == 1)
    }

    @Test func aMovedImageLeavesNoStalePixels() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        _ = render(Self.frame(images: [Self.box]), &writer, &screen)
        let moved = Rect(x: 10, y: 3, width: 4, height: 2)
        let frame = Self.frame(images: [moved])
        _ = render(frame, &writer, &screen)
        #expect(screen.images.map(\.rect) == [moved])
        #expect(mismatches(screen, frame, skipping: [moved]).isEmpty, "old box repainted from text:\n\(screen)")
    }

    @Test func aRemovedImageIsRepaintedFromTheText() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        _ = render(Self.frame(images: [Self.box]), &writer, &screen)
        let frame = Self.frame(images: [])
        let bytes = render(frame, &writer, &screen)
        #expect(screen.images.isEmpty)
        #expect(mismatches(screen, frame).isEmpty, "\(screen)")
        #expect(bytes.count < 120, "only the box's 8 cells are rewritten, got \(bytes.count)")
    }

    @Test func newContentInTheSameBoxIsRedrawn() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        _ = render(Self.frame(images: [Self.box], ids: ["a"]), &writer, &screen)
        let bytes = render(Self.frame(images: [Self.box], ids: ["b"]), &writer, &screen)
        #expect(count("\u{1B}P", in: bytes) == 1)
        #expect(screen.images.count == 1)
    }

    @Test func anImageNotReadyShowsTheViewsPlaceholder() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        let frame = Self.frame(images: [Self.box])
        _ = render(frame, &writer, &screen) { _ in nil }
        #expect(screen.images.isEmpty)
        #expect(screen.text(row: 1).hasPrefix("11...."))
        #expect(mismatches(screen, frame).isEmpty)
        _ = render(frame, &writer, &screen)
        #expect(screen.images.map(\.rect) == [Self.box], "drawn once decoded")
    }

    @Test func imagesThatWouldScrollOrDoNotFitAreNotDrawn() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        let onLastRow = Rect(x: 0, y: 10, width: 4, height: 2)
        let offRight = Rect(x: 28, y: 2, width: 4, height: 2)
        let offTop = Rect(x: 10, y: -1, width: 4, height: 2)
        let frame = Self.frame(images: [onLastRow, offRight, offTop])
        let bytes = render(frame, &writer, &screen)
        #expect(count("\u{1B}P", in: bytes) == 0)
        #expect(screen.scrolledLines == 0)
        #expect(mismatches(screen, frame).isEmpty, "their placeholders show instead")
    }

    @Test func anImageUncoveredByAnotherIsRedrawn() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        let lower = Rect(x: 2, y: 1, width: 4, height: 2)
        let upper = Rect(x: 4, y: 2, width: 4, height: 2)
        _ = render(Self.frame(images: [lower, upper], ids: ["a", "b"]), &writer, &screen)
        #expect(screen.images.count == 2)
        // The upper image goes: the lower one's corner under it holds stale pixels, so it is redrawn.
        let frame = Self.frame(images: [lower], ids: ["a"])
        let bytes = render(frame, &writer, &screen)
        #expect(count("\u{1B}P", in: bytes) == 1)
        #expect(screen.images.map(\.rect) == [lower])
        #expect((lower.x..<lower.maxX).allSatisfy { x in (lower.y..<lower.maxY).allSatisfy { screen.cell(x, $0).imageSerial != nil } })
        #expect(mismatches(screen, frame, skipping: [lower]).isEmpty, "\(screen)")
    }

    @Test func redrawingALowerImageRedrawsTheOneAboveIt() {
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        let lower = Rect(x: 2, y: 1, width: 4, height: 2)
        let upper = Rect(x: 4, y: 2, width: 4, height: 2)
        _ = render(Self.frame(images: [lower, upper], ids: ["a", "b"]), &writer, &screen)
        let bytes = render(Self.frame(images: [lower, upper], ids: ["c", "b"]), &writer, &screen)
        #expect(count("\u{1B}P", in: bytes) == 2, "b is drawn again on top of the new a")
        #expect(screen.images.map(\.rect) == [lower, upper])
        #expect((upper.x..<upper.maxX).allSatisfy { x in (upper.y..<upper.maxY).allSatisfy { screen.cell(x, $0).imageSerial == screen.images.last?.serial } })
    }

    @Test func realSixelEncoderOutputLandsInItsBox() throws {
        let image = RGBImage(width: 40, height: 40, filledWith: RGB(r: 200, g: 100, b: 50))
        let encoded = EncodedImage(kind: .sixel, bytes: try SixelEncoder().encode(image, cells: CellSize(columns: 4, rows: 2)))
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        let frame = Self.frame(images: [Self.box])
        _ = render(frame, &writer, &screen) { _ in encoded }
        #expect(screen.images.map(\.rect) == [Self.box])
        #expect(screen.images.first?.pixelSize == .init(width: 40, height: 40))
        #expect(mismatches(screen, frame, skipping: [Self.box]).isEmpty)
    }
}
