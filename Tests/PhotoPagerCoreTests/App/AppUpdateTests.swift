import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("App update: scenarios")
struct AppUpdateTests {
    @Test("the first resize asks for every visible thumbnail, selection first, at the fitted size")
    func startRequestsThumbnails() {
        let session = AppFixtures.session()
        let decodes = Session.decodes(session.log)
        // 100×29 grid area: 4 columns of 23×8 boxes; a 3:2 photo fits 230×153 px (10×20 px cells).
        #expect(decodes.count == 12)
        #expect(decodes.first?.content.photoID == "p1")
        #expect(decodes.allSatisfy { $0.priority == .visible })
        #expect(Set(decodes.map(\.content)) == Set((1...12).map { ImageContent(photoID: "p\($0)", pixelSize: PixelSize(width: 230, height: 153)) }),
                "each a still at the tile's size")
        #expect(session.log.last == .redraw)
    }

    @Test("grid → Enter → → → s → q → q shares exactly the third photo, then quits")
    func shareThirdPhotoThenQuit() {
        var session = AppFixtures.session()
        session.keys(.enter, .right, .right)
        #expect(session.state.mode == .pager)
        #expect(session.state.pagerIndex == 2)
        session.type("s")
        session.type("q")
        #expect(session.state.mode == .grid)
        let last = session.type("q")
        #expect(last == [.quit])
        #expect(session.state.exitSelection.map(\.id) == ["p3"])
        #expect(ShareLink.url(for: session.state.photos[2]) == AppFixtures.shareURL(3))
        let copies = session.log.compactMap { if case .copyToClipboard(let text) = $0 { text } else { nil } }
        #expect(copies == [AppFixtures.shareURL(3)])
        #expect(session.log.last == .quit)
    }

    @Test("f hides all chrome: no top bar text, the image fitted to the whole terminal")
    func fullscreenHidesChrome() {
        var session = AppFixtures.session()
        session.keys(.enter)
        #expect(session.frame.text(row: 0).contains("✕"))
        session.type("f")
        #expect(session.state.pager.isFullscreen)
        session.decodeAll()
        let frame = session.frame
        // 100×30 cells = 1000×600 px; a 3:2 photo is 900×600 px, 90 columns, centred.
        let content = ImageContent(photoID: "p1", pixelSize: PixelSize(width: 900, height: 600), frame: 0)
        #expect(frame.images == [ImagePlacement(rect: Rect(x: 5, y: 0, width: 90, height: 30),
                                                content: content)])
        #expect(!frame.allText.contains("✕"))
        #expect(!frame.allText.contains("share"))
        #expect(!frame.allText.contains("1/12"))
        session.keys(.escape)
        #expect(!session.state.pager.isFullscreen)
        #expect(session.state.mode == .pager)
        #expect(session.frame.text(row: 0).contains("↗ share"))
    }

    @Test("a click on the photo toggles fullscreen; any click leaves it")
    func clickTogglesFullscreen() {
        var session = AppFixtures.session()
        session.keys(.enter)
        session.click(column: 50, row: 15)
        #expect(session.state.pager.isFullscreen)
        session.click(column: 1, row: 0)
        #expect(!session.state.pager.isFullscreen)
        #expect(session.state.mode == .pager)
        session.click(column: 1, row: 0)  // ✕
        #expect(session.state.mode == .grid)
    }

    @Test("resizing mid-session keeps the photo and recomputes the pager offset")
    func resizeKeepsPhoto() {
        var session = AppFixtures.session()
        session.keys(.enter, .right, .right)
        let effects = session.send(.resize(AppState.Screen(columns: 80, rows: 24)))
        #expect(session.state.pagerIndex == 2)
        #expect(session.state.pager.position.pageWidth == 80)
        #expect(session.state.pager.position.contentOffset == 160)
        // 80×22 photo area = 800×440 px: a 3:2 photo is 660×440.
        let decodes = Session.decodes(effects)
        #expect(decodes.first?.content == ImageContent(photoID: "p3", pixelSize: PixelSize(width: 660, height: 440), frame: 0))
        #expect(decodes.first?.priority == .visible)
        #expect(Session.cancels(effects).count == 1)
        #expect(session.frame.text(row: 0).contains("Photographer 3"))
        session.keys(.escape)
        #expect(session.state.grid.selectedIndex == 2)
    }

    @Test("resizing the grid keeps the selection")
    func resizeKeepsSelection() {
        var session = AppFixtures.session(count: 40)
        session.keys(.down, .down, .right)
        #expect(session.state.grid.selectedIndex == 9)
        session.send(.resize(AppState.Screen(columns: 60, rows: 20)))
        #expect(session.state.grid.selectedIndex == 9)
        #expect(session.state.grid.layout.columnCount == 2)
        #expect(session.state.visibleGridTiles.contains { $0.index == 9 })
    }

    @Test("Esc from the pager re-centres the grid on the photo paged to")
    func escapeRecentresGrid() {
        var session = AppFixtures.session(count: 60)
        session.keys(.enter)
        for _ in 0..<21 { session.keys(.right) }
        session.keys(.escape)
        let state = session.state
        #expect(state.mode == .grid)
        #expect(state.grid.selectedIndex == 21)
        let centred = state.grid.layout.scrollOffset(centering: 21)
        #expect(centred > 0)
        #expect(state.grid.scrollOffset == centred)
        #expect(session.frame.allText.contains("▶ Photographer 22"))
    }

    @Test("the info panel's expanded rows survive paging")
    func infoExpansionSurvivesPaging() {
        var session = AppFixtures.session()
        session.keys(.enter)
        session.type("i")
        #expect(session.state.chrome.info.isShown)
        session.keys(.down, .down, .down)
        #expect(session.state.chrome.info.selected == .camera)
        session.keys(.enter)
        session.type("ll")
        #expect(session.state.pagerIndex == 2)
        #expect(session.state.chrome.info.expanded == [.camera])
        let text = session.frame.allText
        #expect(text.contains("▾ Camera"))
        #expect(text.contains("    Canon EOS R3"))
        session.keys(.left)
        #expect(session.state.chrome.info.expanded.isEmpty)
        #expect(session.state.pagerIndex == 2)  // ← belonged to the panel
        session.keys(.escape)
        #expect(!session.state.chrome.info.isShown)
        #expect(session.state.mode == .pager)
    }

    @Test("with the clipboard disabled, sharing records the URL but copies nothing")
    func clipboardDisabled() {
        var session = AppFixtures.session(clipboard: false)
        session.keys(.right)
        let effects = session.type("s")
        #expect(effects == [.trackDownload(session.state.photos[1]), .redraw])
        #expect(session.state.exitSelection.map(\.id) == ["p2"])
        #expect(session.state.chrome.notice == .shared(url: AppFixtures.shareURL(2), copied: false))
        let frame = session.frame
        let row = frame.rows - 1
        #expect(frame.text(row: row).contains(AppFixtures.shareURL(2)))
        #expect(!frame.text(row: row).contains("copied"))
        let linked = (0..<frame.columns).filter { frame[$0, row].link == AppFixtures.shareURL(2) }
        #expect(linked.count == AppFixtures.shareURL(2).count)
    }
}

@Suite struct ImageLimitTests {
    /// xterm ignores sixel images over 1000×1000 pixels: with that limit a page photo is shrunk to
    /// fit it and stays centred in the photo area.
    @Test func pagePhotosStayWithinTheTerminalsImageLimit() {
        let photo = Photo(id: "wide", width: 3000, height: 2000, urls: Photo.URLs(raw: "a.jpg"), user: Photo.User(name: "A"))
        let screen = AppState.Screen(columns: 150, rows: 50, cellPixelSize: .typicalCell,
                                     maxImagePixelSize: PixelSize(width: 1000, height: 1000))
        let state = AppState(photos: [photo], sourceName: "t", screen: screen)
        let fit = state.pageFit(forPhotoAt: 0)
        #expect(fit.map { $0.pixelSize.width <= 1000 && $0.pixelSize.height <= 1000 } == true)
        let area = state.layout.pagerPhotoArea
        if let rect = fit?.rect {
            #expect(abs((rect.x - area.x) - (area.maxX - rect.maxX)) <= 1, "centred across: \(rect) in \(area)")
        }
        let unlimited = AppState(photos: [photo], sourceName: "t", screen: AppState.Screen(columns: 150, rows: 50))
        #expect((unlimited.pageFit(forPhotoAt: 0)?.pixelSize.width ?? 0) > 1000)
    }
}

@Suite struct LastRowTests {
    /// With sixel, a fullscreen photo must not reach the last row (xterm would scroll).
    @Test func fullscreenPhotosStopAboveTheLastRowWhenAsked() {
        let photo = Photo(id: "tall", width: 1000, height: 3000, urls: Photo.URLs(raw: "a.jpg"), user: Photo.User(name: "A"))
        var state = AppState(photos: [photo], sourceName: "t",
                             screen: AppState.Screen(columns: 100, rows: 30, imagesAvoidLastRow: true))
        _ = update(&state, .input(.key(.enter)))
        _ = update(&state, .input(.key(.character("f"))))
        #expect(state.pager.isFullscreen)
        let rect = state.pageFit(forPhotoAt: 0)?.rect
        #expect(rect.map { $0.maxY <= 29 } == true, "\(String(describing: rect))")
    }
}

@Suite struct InfoPanelInGridTests {
    /// With the panel open over the grid, the arrows still move the selection (the panel
    /// follows) and Enter opens the photo.
    @Test func theGridKeepsItsKeys() {
        var session = AppFixtures.session()
        session.type("i")
        #expect(session.state.chrome.info.isShown)
        session.keys(.right)
        #expect(session.state.grid.selectedIndex == 1)
        session.keys(.enter)
        #expect(session.state.mode == .pager)
        #expect(session.state.pagerIndex == 1)
        // In the pager the panel takes Enter to expand its selected row.
        session.keys(.enter)
        #expect(session.state.chrome.info.expanded.contains(session.state.chrome.info.selected))
    }
}

@Suite struct ScrolledTileTests {
    /// A decoded thumbnail scrolled part-way out shows its placeholder without a spinner:
    /// nothing is loading, so nothing should spin.
    @Test func partlyVisibleReadyTilesDoNotSpin() {
        var session = AppFixtures.session(count: 40, columns: 80, rows: 24)
        session.decodeAll()
        // Back from the pager the grid is centred on the photo: rows above and below are cut.
        session.keys(.down, .down, .down, .enter)
        session.decodeAll()
        session.type("q")
        session.decodeAll()
        session.send(.tick)
        #expect(session.state.grid.scrollOffset % session.state.grid.layout.rowPitch != 0, "no row is cut")
        let spinner = Set(PhotoTile.spinnerFrames)
        let text = (0 ..< 24).map { session.frame.text(row: $0) }.joined()
        #expect(!text.contains { spinner.contains($0) }, "\(text)")
    }
}
