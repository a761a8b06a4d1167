import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport

@Suite("VirtualScreen: sixel, kitty, iTerm2")
struct VirtualScreenGraphicsTests {
    @Test func sixelCoversCellsFromItsRasterSizeAndMovesTheCursorBelow() throws {
        var screen = VirtualScreen(columns: 20, rows: 10, cellPixelSize: .init(width: 10, height: 20))
        screen.feed("\u{1B}[3;5H")
        screen.feed(FakeImages.sixel(.init(width: 35, height: 41)).bytes)
        #expect(screen.images.count == 1)
        let image = try #require(screen.images.first)
        #expect(image.kind == .sixel)
        #expect(image.rect == Rect(x: 4, y: 2, width: 4, height: 3))
        #expect(image.pixelSize == .init(width: 35, height: 41))
        #expect(screen.cell(4, 2).imageSerial != nil && screen.cell(7, 4).imageSerial != nil)
        #expect(screen.cell(8, 2).imageSerial == nil && screen.cell(4, 5).imageSerial == nil)
        #expect(screen.cursor == .init(column: 4, row: 5))
    }

    @Test func sixelWithoutRasterAttributesIsMeasuredFromItsData() {
        var screen = VirtualScreen(columns: 20, rows: 10, cellPixelSize: .init(width: 10, height: 20))
        // 3 bands (18 px) of up to 25 + 2 columns.
        screen.feed("\u{1B}Pq#0;2;0;0;0#0!25~$!27@-~-~~\u{1B}\\")
        #expect(screen.images.first?.pixelSize == .init(width: 27, height: 18))
        #expect(screen.images.first?.rect == Rect(x: 0, y: 0, width: 3, height: 1))
    }

    @Test func textOverASixelErasesItThere() {
        var screen = VirtualScreen(columns: 20, rows: 10, cellPixelSize: .init(width: 10, height: 20))
        screen.feed(FakeImages.sixel(.init(width: 20, height: 20)).bytes)
        screen.feed("\u{1B}[1;1Hx")
        #expect(screen.images.count == 1, "one cell still shows it")
        screen.feed("\u{1B}[1;2H\u{1B}[K")
        #expect(screen.images.isEmpty)
        #expect(screen.drawnImages.count == 1)
    }

    @Test func sixelEndingOnTheLastRowScrollsTheScreen() {
        var screen = VirtualScreen(columns: 10, rows: 4, cellPixelSize: .init(width: 10, height: 20))
        screen.feed("top\u{1B}[3;1H")
        screen.feed(FakeImages.sixel(.init(width: 10, height: 40)).bytes)
        #expect(screen.scrolledLines == 1)
        #expect(screen.text(row: 0) == "")
        #expect(screen.images.first?.rect == Rect(x: 0, y: 1, width: 1, height: 2))
        #expect(screen.cursor == .init(column: 0, row: 3))
    }

    @Test func kittyTransmitPlaceAndDelete() throws {
        var screen = VirtualScreen(columns: 20, rows: 10)
        let image = RGBImage(width: 60, height: 60, filledWith: RGB(r: 1, g: 2, b: 3))
        // 60×60 RGB = 10 800 bytes → 14 400 base64 → 4 chunks.
        screen.feed(try KittyEncoder(imageID: 7, moveCursor: false).encode(image, cells: CellSize(columns: 6, rows: 3)))
        #expect(screen.kittyTransmissions == [.init(imageID: 7, format: 24, pixelSize: .init(width: 60, height: 60), chunkCount: 4)])
        #expect(screen.images.map(\.rect) == [Rect(x: 0, y: 0, width: 6, height: 3)])
        #expect(screen.cursor == .init(column: 0, row: 0), "C=1 keeps the cursor")

        screen.feed("\u{1B}[5;10H")
        screen.feed(KittyEncoder.placement(imageID: 7, cells: CellSize(columns: 2, rows: 1)))
        #expect(screen.images.map(\.rect) == [Rect(x: 0, y: 0, width: 6, height: 3), Rect(x: 9, y: 4, width: 2, height: 1)])
        screen.feed("\u{1B}[2J")
        #expect(screen.images.count == 2, "clearing the text does not remove kitty images")

        screen.feed("\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\")
        #expect(screen.images.isEmpty)
        #expect(screen.kittyStoredImageIDs == [7], "lower-case i keeps the pixels")
        screen.feed(KittyEncoder.placement(imageID: 7, cells: CellSize(columns: 2, rows: 1)))
        #expect(screen.images.count == 1)
        screen.feed(KittyEncoder.delete(imageID: 7))
        #expect(screen.images.isEmpty)
        #expect(screen.kittyStoredImageIDs.isEmpty)
        #expect(screen.kittyDeletions == [.init(selector: "i", imageID: 7), .init(selector: "I", imageID: 7)])
        #expect(screen.kittyErrors.isEmpty)

        screen.feed(KittyEncoder.placement(imageID: 7, cells: CellSize(columns: 2, rows: 1)))
        #expect(screen.kittyErrors.count == 1, "placing a deleted image fails")
        #expect(screen.lines.allSatisfy { $0.isEmpty }, "no payload leaks onto the screen")
    }

    @Test func kittyDeleteAll() {
        var screen = VirtualScreen(columns: 20, rows: 10)
        screen.feed("\u{1B}_Ga=T,f=24,s=1,v=1,i=1,c=1,r=1,C=1;AAAA\u{1B}\\\u{1B}[3;3H\u{1B}_Ga=T,f=24,s=1,v=1,i=2,c=1,r=1;AAAA\u{1B}\\")
        #expect(screen.images.count == 2)
        #expect(screen.cursor == .init(column: 3, row: 2), "without C=1 the cursor moves past the image")
        screen.feed(KittyEncoder.deleteAll())
        #expect(screen.images.isEmpty)
        #expect(screen.kittyStoredImageIDs.isEmpty)
    }

    @Test func iTerm2InlineImages() throws {
        var screen = VirtualScreen(columns: 30, rows: 10, cellPixelSize: .init(width: 10, height: 20))
        let image = RGBImage(width: 40, height: 60, filledWith: RGB(r: 9, g: 9, b: 9))
        screen.feed("\u{1B}[2;3H")
        screen.feed(try ITerm2Encoder().encode(image, cells: CellSize(columns: 5, rows: 2)))
        #expect(screen.images.map(\.rect) == [Rect(x: 2, y: 1, width: 5, height: 2)])
        #expect(screen.images.first?.kind == .iterm2)
        #expect(screen.images.first?.pixelSize == .init(width: 40, height: 60), "read from the PNG header")
        screen.feed("\u{1B}[6;1H")
        screen.feed(try ITerm2Encoder(scaleToCells: false).encode(image, cells: CellSize(columns: 5, rows: 2)))
        #expect(screen.images.last?.rect == Rect(x: 0, y: 5, width: 4, height: 3))
        #expect(screen.lines.allSatisfy { $0.isEmpty })
    }
}
