import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("Zoom and pan in the pager")
struct PagerZoomTests {
    static let cell = PixelSize(width: 10, height: 20)
    static let box = Rect(x: 0, y: 1, width: 100, height: 28)      // 1000 × 560 px
    static let photo = PixelSize(width: 3000, height: 2000)

    /// A pager on the first of five photos after typing `keys`, and its zoomed window then.
    static func zoomedIn(after keys: String) -> (Session, ZoomWindow) {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        session.type(keys)
        return (session, session.state.zoomView!.window)
    }

    /// Konsole draws a sixel's last band of 6 px whole: a zoomed view's height too is whole
    /// bands, so it never reaches the status row under the photo (which scrolled the screen).
    @Test("on a terminal that draws heights in steps, every zoom level's view is whole steps inside the box")
    func zoomInHeightSteps() {
        var session = AppFixtures.session(count: 5)
        session.send(.resize(AppState.Screen(columns: 100, rows: 30, imageHeightStep: 6)))
        session.keys(.enter)
        for _ in 0 ..< 6 {
            session.type("+")
            let view = session.state.zoomView!
            #expect(view.fit.pixelSize.height % 6 == 0, "\(view.fit)")
            #expect(view.fit.pixelSize.height <= view.fit.rect.height * 20)
            #expect(session.state.pagerBox.intersection(view.fit.rect) == view.fit.rect, "\(view.fit)")
        }
    }

    @Test("levels step from fit to 800 % and back to fit; a fit above a level is never undercut")
    func levels() {
        #expect(PagerZoom.stepped(from: nil, by: 1, fit: 0.28) == 1.0 / 3)
        #expect(PagerZoom.stepped(from: 1.0 / 3, by: 1, fit: 0.28) == 0.5)
        #expect(PagerZoom.stepped(from: 0.5, by: -1, fit: 0.28) == 1.0 / 3)
        #expect(PagerZoom.stepped(from: 1.0 / 3, by: -1, fit: 0.28) == nil, "out past fit is fit")
        #expect(PagerZoom.stepped(from: nil, by: -1, fit: 0.28) == nil)
        #expect(PagerZoom.stepped(from: 8, by: 1, fit: 0.28) == 8, "800 % is the most")
        #expect(PagerZoom.stepped(from: nil, by: 1, fit: 9) == nil, "a tiny photo fitted above 800 % stays at fit")
        #expect(PagerZoom.stepped(from: nil, by: 1, fit: 1.0) == 1.5, "fit at exactly 100 %: the next level")
    }

    @Test("at 100 % the window is the box's pixels of the photo's own, centred, and decoded at full size")
    func hundredPercent() {
        let view = PagerZoom(photoID: "p", scale: 1).view(photo: Self.photo, box: Self.box, cell: Self.cell)
        #expect(view.fit.pixelSize == PixelSize(width: 1000, height: 560))
        #expect(view.fit.rect == Self.box)
        #expect(view.window == ZoomWindow(scaledWidth: 3000, scaledHeight: 2000, x: 1000, y: 720,
                                          decodeWidth: 3000, decodeHeight: 2000))
    }

    @Test("below 100 % it is decoded at the scaled size; past it at the photo's own, enlarged after")
    func decodeSizes() {
        let half = PagerZoom(photoID: "p", scale: 0.5).view(photo: Self.photo, box: Self.box, cell: Self.cell).window
        #expect(half.decodeWidth == 1500 && half.decodeHeight == 1000)
        let four = PagerZoom(photoID: "p", scale: 4).view(photo: Self.photo, box: Self.box, cell: Self.cell).window
        #expect(four.scaledWidth == 12000 && four.decodeWidth == 3000 && four.decodeHeight == 2000)
    }

    @Test("a side smaller than the box is centred whole; the pan stops at the photo's edges")
    func panStaysInside() {
        let wide = PixelSize(width: 4000, height: 500)
        var zoom = PagerZoom(photoID: "p", scale: 1)
        let view = zoom.view(photo: wide, box: Self.box, cell: Self.cell)
        #expect(view.fit.pixelSize == PixelSize(width: 1000, height: 500))
        #expect(view.fit.rect.height == 25 && view.fit.rect.y == 2, "centred in the 28 rows")
        #expect(view.window.y == 0)
        for _ in 0 ..< 40 { zoom = zoom.panned(columns: 1, rows: 1, photo: wide, box: Self.box, cell: Self.cell) }
        let right = zoom.view(photo: wide, box: Self.box, cell: Self.cell).window
        #expect(right.x == 3000 && right.y == 0, "at the right edge, no further")
        for _ in 0 ..< 40 { zoom = zoom.panned(columns: -1, rows: -1, photo: wide, box: Self.box, cell: Self.cell) }
        #expect(zoom.view(photo: wide, box: Self.box, cell: Self.cell).window.x == 0)
    }

    @Test("zooming at a point keeps the photo's pixel under it in place")
    func zoomAtPoint() {
        let fit = 1000.0 / 3000
        let point = (x: 800, y: 150)
        let zoomed = PagerZoom.zoomed(nil, photoID: "p", to: 1, fit: fit, at: point, photo: Self.photo,
                                      box: Self.box, cell: Self.cell)
        let before = PagerZoom(photoID: "p", scale: fit).view(photo: Self.photo, box: Self.box, cell: Self.cell)
        let after = zoomed.view(photo: Self.photo, box: Self.box, cell: Self.cell)
        // The photo pixel under the point, before and after, in the photo's own pixels.
        func under(_ view: PagerZoom.View, scale: Double) -> (Double, Double) {
            let left = (view.fit.rect.x - Self.box.x) * Self.cell.width, top = (view.fit.rect.y - Self.box.y) * Self.cell.height
            return (Double(point.x - left + view.window.x) / scale, Double(point.y - top + view.window.y) / scale)
        }
        let (bx, by) = under(before, scale: fit), (ax, ay) = under(after, scale: 1)
        #expect(abs(bx - ax) <= 2 && abs(by - ay) <= 3)
    }

    @Test("+ and - zoom around the middle, 0 and Esc fit, the status line shows the percentage")
    func keys() {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        session.type("+")
        let zoom = try! #require(session.state.activeZoom)
        #expect(zoom.scale == 1.0 / 3, "fit is 840/3000 = 28 %: the next level is 33 %")
        #expect(session.frame.text(row: session.frame.rows - 1).contains("33%"))
        session.type("=+")
        #expect(session.state.activeZoom?.scale == 2.0 / 3)
        session.type("-")
        #expect(session.state.activeZoom?.scale == 0.5)
        session.type("0")
        #expect(session.state.activeZoom == nil)
        session.type("++")
        session.keys(.escape)
        #expect(session.state.activeZoom == nil && session.state.mode == .pager, "Esc fits first")
        session.keys(.escape)
        #expect(session.state.mode == .grid)
    }

    @Test("zoomed, arrows and hjkl pan (↓ and j too); n, p, PgDn, PgUp and Space page, back at fit")
    func panAndPage() {
        var (session, start) = Self.zoomedIn(after: "++++")
        session.keys(.right)
        #expect(session.state.zoomView!.window.x > start.x && session.state.pagerIndex == 0)
        session.type("j")
        #expect(session.state.zoomView!.window.y > start.y && session.state.mode == .pager)
        session.keys(.down, .up, .left)
        session.type("hkl")
        #expect(session.state.mode == .pager && session.state.pagerIndex == 0)
        for (key, index) in [(Key.character("n"), 1), (.character("p"), 0), (.pageDown, 1), (.pageUp, 0), (.character(" "), 1)] {
            session.type("+")
            #expect(session.state.activeZoom != nil)
            session.keys(key)
            #expect(session.state.pagerIndex == index && session.state.activeZoom == nil)
        }
        session.type("+")
        session.keys(.down)
        #expect(session.state.mode == .pager, "↓ pans while zoomed")
        session.type("0")
        session.keys(.down)
        #expect(session.state.mode == .grid, "at fit ↓ goes back as before")
    }

    @Test("with the info panel open the arrows stay the panel's and hjkl pan")
    func infoPanel() {
        var (session, start) = Self.zoomedIn(after: "i++++")
        let row = session.state.chrome.info.selected
        session.keys(.down)
        #expect(session.state.chrome.info.selected != row && session.state.zoomView!.window == start)
        session.type("l")
        #expect(session.state.zoomView!.window.x > start.x)
    }

    @Test("the wheel zooms at the pointer and stops at fit; it never turns the page")
    func wheel() {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        let area = session.state.layout.pagerPhotoArea
        session.wheel(.wheelUp, column: area.x + 10, row: area.y + 5)
        session.wheel(.wheelUp, column: area.x + 10, row: area.y + 5)
        #expect(session.state.activeZoom?.scale == 0.5)
        #expect(session.state.activeZoom!.centreX < 0.5 && session.state.activeZoom!.centreY < 0.5, "towards the pointer")
        for _ in 0 ..< 5 { session.wheel(.wheelDown, column: area.x + 10, row: area.y + 5) }
        #expect(session.state.activeZoom == nil && session.state.pagerIndex == 0)
    }

    @Test("a drag pans the zoomed photo with the pointer; a click without motion toggles full screen on release")
    func dragAndClick() {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        let area = session.state.layout.pagerPhotoArea
        let middle = (area.x + area.width / 2, area.y + area.height / 2)
        session.send(.input(.mouse(MouseEvent(action: .press(.left), column: middle.0, row: middle.1))))
        #expect(!session.state.pager.isFullscreen, "nothing on the press")
        session.send(.input(.mouse(MouseEvent(action: .release(.left), column: middle.0, row: middle.1))))
        #expect(session.state.pager.isFullscreen)
        session.click(column: middle.0, row: middle.1)
        #expect(!session.state.pager.isFullscreen)
        session.type("++++")
        let start = try! #require(session.state.zoomView).window
        session.drag(from: middle, through: [(middle.0 - 5, middle.1 - 2), (middle.0 - 10, middle.1 - 4)])
        let moved = session.state.zoomView!.window
        #expect(moved.x == start.x + 10 * 10 && moved.y == start.y + 4 * 20, "the photo follows the pointer")
        #expect(!session.state.pager.isFullscreen, "a drag is not a click")
    }

    @Test("the zoomed view is decoded first; until it is, the last ready view (or the fit) is drawn")
    func decodesAndFallback() throws {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        session.decodeAll()
        let effects = session.type("++")
        let first = try #require(Session.decodes(effects).first)
        #expect(first.content.window != nil && first.priority == .visible && first.content.photoID == "p1")
        // Not decoded yet: the photo at fit is still shown.
        #expect(session.frame.images.map(\.content.window) == [nil])
        session.decodeAll()
        let zoomed = try #require(session.frame.images.first)
        #expect(zoomed.content.window != nil)
        session.keys(.right)
        // Panned, not decoded: the view before stays.
        #expect(session.frame.images == [zoomed])
        session.decodeAll()
        #expect(session.frame.images.first?.content.window?.x != zoomed.content.window?.x)
        session.type("0")
        #expect(session.frame.images.map(\.content.window) == [nil])
    }
}
