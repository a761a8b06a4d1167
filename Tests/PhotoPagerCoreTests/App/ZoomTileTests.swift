import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

/// Where the terminal places part of an image it holds (kitty): the zoomed photo goes out as a
/// region twice the view each way, and a pan inside it is another part of the same image.
@Suite("Zoom: the region a kitty terminal holds")
struct ZoomTileTests {
    static func zoomed(placesImageParts: Bool = true) -> Session {
        var session = AppFixtures.session(count: 5)
        session.send(.resize(AppState.Screen(columns: 100, rows: 30, placesImageParts: placesImageParts)))
        session.keys(.enter)
        session.type("++++")                                        // 100 %: 3000 × 2000 scaled
        return session
    }

    static func placement(_ session: Session) -> ImagePlacement { session.state.zoomPlacement! }

    @Test("the region around the view, at most twice it each way, within the photo; the view is a part of it")
    func regionAroundTheView() throws {
        let session = Self.zoomed()
        let view = try #require(session.state.zoomView), placed = Self.placement(session)
        let window = try #require(placed.content.window), crop = try #require(placed.crop)
        #expect(placed.rect == view.fit.rect)
        #expect(PixelSize(width: crop.width, height: crop.height) == view.fit.pixelSize)
        #expect(window.x + crop.x == view.window.x && window.y + crop.y == view.window.y, "the crop is the view")
        #expect(placed.content.pixelSize.width <= 2 * view.fit.pixelSize.width)
        #expect(placed.content.pixelSize.height <= 2 * view.fit.pixelSize.height)
        #expect(placed.content.pixelSize.width > view.fit.pixelSize.width, "room to pan")
        #expect(window.x + placed.content.pixelSize.width <= window.scaledWidth)
        #expect(session.state.pager.zoomTile?.content == placed.content)
    }

    @Test("a pan inside it is the same image, another part; one that leaves it is a new region around the view")
    func panInsideThenOut() throws {
        var session = Self.zoomed()
        let first = Self.placement(session)
        session.type("l")
        let panned = Self.placement(session)
        #expect(panned.content == first.content, "no new pixels")
        #expect(try #require(panned.crop).x > (try #require(first.crop).x))
        #expect(panned.rect == first.rect)
        var left = false
        for _ in 0 ..< 8 where !left {
            session.type("l")
            left = Self.placement(session).content != first.content
        }
        #expect(left, "a pan past the region sends another")
        let view = try #require(session.state.zoomView), now = Self.placement(session)
        #expect(now.content.window!.x + now.crop!.x == view.window.x)
    }

    @Test("a terminal that cannot place part of an image gets the view's own pixels")
    func elsewhereTheViewItself() throws {
        let session = Self.zoomed(placesImageParts: false)
        let view = try #require(session.state.zoomView), placed = Self.placement(session)
        #expect(placed.crop == nil)
        #expect(placed.content == ImageContent(photoID: placed.content.photoID, pixelSize: view.fit.pixelSize, window: view.window))
    }

    @Test("on a large screen the region stays within its pixel budget, and still holds the view with room")
    func largeScreensRegionIsBounded() throws {
        var session = AppFixtures.session(count: 5, photos: [AppFixtures.photo(1, width: 12_000, height: 8_000)])
        session.send(.resize(AppState.Screen(columns: 240, rows: 70, placesImageParts: true)))    // 2400 × 1400 px
        session.keys(.enter)
        session.type("++++")
        let view = try #require(session.state.zoomView), placed = Self.placement(session)
        let size = placed.content.pixelSize
        #expect(size.width * size.height <= ZoomTile.maxPixels, "\(size)")
        #expect(size.width > view.fit.pixelSize.width && size.height > view.fit.pixelSize.height, "\(size) for \(view.fit.pixelSize)")
        #expect(placed.crop.map { PixelSize(width: $0.width, height: $0.height) } == view.fit.pixelSize)
    }

    @Test("what is decoded for it is the region")
    func theRegionIsDecoded() {
        let session = Self.zoomed()
        #expect(session.state.wantedContents.contains(Self.placement(session).content))
    }
}
