import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

/// Golden-ish checks of whole screens at 100×30, the size the end-to-end tests use.
@Suite("Views: screens at 100×30")
struct ViewsScreenTests {
    @Test("grid: thumbnails placed at their decoded size, names under them, position and hints")
    func gridGolden() {
        var session = AppFixtures.session()
        session.decodeAll()
        let frame = session.frame
        let size = PixelSize(width: 230, height: 153)
        let expected = (0..<12).map { index in
            ImagePlacement(rect: Rect(x: 1 + (index % 4) * 25, y: (index / 4) * 10, width: 23, height: 8),
                           content: ImageContent(photoID: "p\(index + 1)", pixelSize: size))
        }
        #expect(frame.images == expected)
        let captions = "    ▶ Photographer 1          Photographer 2           Photographer 3"
            + "           Photographer 4      "
        #expect(frame.text(row: 8) == captions)
        #expect(frame.text(row: 28).hasPrefix("     Photographer 9           Photographer 10"))
        #expect((1...23).allSatisfy { frame[$0, 8].style.reverse && frame[$0, 8].style.bold })
        #expect(!frame[30, 8].style.reverse)
        let status = frame.text(row: 29)
        #expect(status.hasPrefix(" Samples · ←↑↓→ move · ⏎ open · q quit · s share"))
        #expect(status.hasSuffix(" 1/12 "))
        #expect(status.count == 100)
    }

    @Test("pager: ✕ left, the name centred, ↗ share right; the photo aspect-fit below; position bottom-right")
    func pagerGolden() {
        var session = AppFixtures.session()
        session.keys(.enter, .right, .right)
        session.decodeAll()
        let frame = session.frame
        // Unsplash photos are credited as the guidelines ask.
        let top = " ✕" + String(repeating: " ", count: 30) + "Photo by Photographer 3 on Unsplash" + String(repeating: " ", count: 25) + "↗ share "
        #expect(frame.text(row: 0) == top)
        // Photo area 100×28 = 1000×560 px; a 3:2 photo is 840×560: 84 columns, centred.
        #expect(frame.images == [ImagePlacement(
            rect: Rect(x: 8, y: 1, width: 84, height: 28),
            content: ImageContent(photoID: "p3", pixelSize: PixelSize(width: 840, height: 560), frame: 0))])
        #expect(frame.text(row: 29).hasPrefix(" ←→ page · f full screen · esc grid · s share"))
        #expect(frame.text(row: 29).hasSuffix(" 3/12 "))
    }

    @Test("while loading: the dominant colour fills the photo's rect, a spinner in the middle")
    func placeholder() {
        var session = AppFixtures.session()
        let frame = session.frame
        #expect(frame.images.isEmpty)
        let colour = Color.rgb(0x33, 0x66, 0x99)
        #expect((1...23).allSatisfy { column in (0..<8).allSatisfy { frame[column, $0].style.background == colour } })
        #expect(frame[0, 0].style.background == .default)
        #expect(frame[12, 4].character == "⠋")
        session.send(.tick)
        #expect(session.frame[12, 4].character == "⠙")
    }

    @Test("a failed thumbnail is an error tile with the reason inside its box")
    func gridErrorTile() {
        var session = AppFixtures.session()
        session.send(.photoDecoded(ImageContent(photoID: "p2", pixelSize: PixelSize(width: 230, height: 153)),
                                   .failed(reason: "truncated file")))
        session.decodeAll()
        let frame = session.frame
        #expect(frame.images.count == 11)
        #expect(!frame.images.contains { $0.content.photoID == "p2" })
        let tileRows = (0..<8).map { row in String(frame.text(row: row).dropFirst(26).prefix(23)) }
        #expect(tileRows.contains { $0.contains("truncated file") })
        #expect(tileRows.contains { $0.contains("✖ Error") })               // the long header would not fit
        #expect(frame[26, 0].style.background == .indexed(52))
    }

    @Test("the images on screen are exactly decoded contents the update asked for")
    func visibleImagesMatchDecodes() {
        var session = AppFixtures.session(count: 30)
        session.decodeAll()
        let requested = Set(Session.decodes(session.log).map(\.content))
        let visible = AppView.visibleImages(for: session.state)
        #expect(visible.count == 12)
        #expect(Set(visible).isSubset(of: requested))
        session.keys(.enter)
        session.decodeAll()
        let page = AppView.visibleImages(for: session.state)
        #expect(page == [ImageContent(photoID: "p1", pixelSize: PixelSize(width: 840, height: 560), frame: 0)])
        #expect(Session.decodes(session.log).contains { $0.content == page[0] && $0.priority == .visible })
    }

    @Test("a thumbnail scrolled part-way out shows its placeholder, never a cropped image")
    func partialTilesArePlaceholders() {
        var session = AppFixtures.session(count: 40)
        session.send(.input(.mouse(MouseEvent(action: .wheelDown, column: 0, row: 0))))
        session.decodeAll()
        let frame = session.frame
        let area = session.state.layout.gridArea
        #expect(!frame.images.isEmpty)
        #expect(frame.images.allSatisfy { $0.rect.intersection(area) == $0.rect })
        let tiles = session.state.visibleGridTiles
        let cut = tiles.filter { $0.fit.rect.intersection(area) != $0.fit.rect }
        #expect(!cut.isEmpty)
        #expect(frame.images.count == tiles.count - cut.count)
    }

    @Test("the key map drops only the images it covers")
    func keyMapCoversImages() {
        // Wide enough that the key map (taller with each key) leaves tiles beside it.
        var session = AppFixtures.session(columns: 160, rows: 30)
        session.decodeAll()
        session.type("?")
        let frame = session.frame
        #expect(frame.allText.contains(" Keys "))
        #expect(frame.allText.contains("first photo"))
        #expect(frame.images.count < session.state.visibleGridTiles.count)
        #expect(!frame.images.isEmpty)  // the sides stay
    }

    @Test("the info panel narrows the photo and lists every field")
    func infoPanel() {
        var session = AppFixtures.session()
        session.keys(.enter)
        session.type("i")
        session.decodeAll()
        let frame = session.frame
        let text = frame.allText
        for field in InfoField.allCases { #expect(text.contains(field.label)) }
        #expect(text.contains("ƒ/4.0"))
        #expect(text.contains("3000 × 2000"))
        #expect(session.state.layout.infoPanel(in: .pager) == Rect(x: 60, y: 1, width: 40, height: 28))
        #expect(frame.images.allSatisfy { $0.rect.maxX <= 60 })
        #expect(frame.text(row: 2).contains("▸ Photographer  Photographer 1"))
        #expect(frame[62, 2].style.reverse)
    }
}
