import Foundation
import HTTPClient
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
import Unsplash
@testable import PhotoPagerCLI

/// The zoomed pager's pixels, against the same part of a full-size decode: below 100 % the photo
/// decoded at the scaled size and cropped; past it the photo's own pixels, enlarged.
@Suite struct ZoomPixelsTests {
    static let cell = PixelSize(width: 10, height: 20)
    static let box = Rect(x: 0, y: 0, width: 60, height: 20)          // 600 × 400 px
    let url = SharedPhotos.url("sample/retina.jpg")                             // 1411 × 1411
    let photo = PixelSize(width: 1411, height: 1411)

    func preparer(_ location: ImageLocation) -> PhotoPreparer {
        let item = LibraryPhoto(photo: Photo(id: "r", width: 1411, height: 1411, urls: Photo.URLs(raw: ""), user: Photo.User()), image: location)
        return PhotoPreparer(library: [item], kind: .kitty, colorDepth: .truecolor, environment: [:],
                             cell: CellPixelSize(width: 10, height: 20), maxPixels: DecodeRequest.defaultMaxPixels,
                             images: RemoteImages(transport: CurlTransport(), cache: nil), thumbnails: nil)
    }

    /// The view's content at `scale`, centred a little off the middle.
    func content(scale: Double) -> ImageContent {
        var zoom = PagerZoom(photoID: "r", scale: scale)
        zoom.centreX = 0.4
        zoom.centreY = 0.6
        let view = zoom.view(photo: photo, box: Self.box, cell: Self.cell)
        return ImageContent(photoID: "r", pixelSize: view.fit.pixelSize, window: view.window)
    }

    let job = PipelineJob(stillWanted: { true }, makeRoom: { _ in })

    func pixels(_ preparer: PhotoPreparer, _ content: ImageContent) throws -> RGBImage {
        try preparer.pixels(content, job: job).0
    }

    @Test func belowHundredPercentIsTheScaledPhotoCropped() throws {
        let content = content(scale: 0.5)
        let window = try #require(content.window)
        #expect(window.decodeWidth == 706 && content.pixelSize == PixelSize(width: 600, height: 400))
        let full = try PhotoDecoder.decode(contentsOf: url)
        let reference = Resampler.resize(full, width: 706, height: 706)
            .cropped(x: window.x, y: window.y, width: 600, height: 400)
        let shown = try pixels(preparer(.file(url)), content)
        #expect(shown.width == 600 && shown.height == 400)
        #expect(ImageComparison.psnr(shown, reference) > 30)
    }

    @Test func pastHundredPercentShowsThePhotosOwnPixels() throws {
        let content = content(scale: 4)
        let window = try #require(content.window)
        #expect(window.decodeWidth == 1411 && window.scaledWidth == 5644)
        let full = try PhotoDecoder.decode(contentsOf: url)
        // The window's 150 × 100 photo pixels, enlarged.
        let reference = Resampler.resize(full.cropped(x: window.x / 4, y: window.y / 4, width: 150, height: 100),
                                         width: 600, height: 400)
        let shown = try pixels(preparer(.file(url)), content)
        #expect(ImageComparison.psnr(shown, reference) > 40)
    }

    /// The detail a 4× zoom shows, against what enlarging the screen-sized photo would: the
    /// Hubble deep field is stars, single pixels that a screen-sized image averages away.
    @Test func aFourTimesZoomHasTheDetailAnEnlargedScreenImageLacks() throws {
        let url = SharedPhotos.url("sample/hubble_deep_field.jpg"), photo = PixelSize(width: 1000, height: 872)
        let view = PagerZoom(photoID: "r", scale: 4).view(photo: photo, box: Self.box, cell: Self.cell)
        let content = ImageContent(photoID: "r", pixelSize: view.fit.pixelSize, window: view.window)
        let shown = try pixels(preparer(.file(url)), content)
        let full = try PhotoDecoder.decode(contentsOf: url)
        let reference = Resampler.resize(full.cropped(x: view.window.x / 4, y: view.window.y / 4, width: 150, height: 100),
                                         width: 600, height: 400)
        let screen = Resampler.resize(full, width: 459, height: 400)                // the photo fitted to the view
        let enlarged = Resampler.resize(screen, width: 4000, height: 3488)
            .cropped(x: view.window.x, y: view.window.y, width: 600, height: 400)
        #expect(ImageComparison.psnr(shown, reference) > ImageComparison.psnr(enlarged, reference) + 6)
    }

    @Test func aPanReusesTheDecode() throws {
        let preparer = preparer(.file(url))
        var first = content(scale: 2)
        _ = try pixels(preparer, first)
        #expect(preparer.zoomSource.bytesKept == 1411 * 1411 * 3)
        first.window!.x += 100
        let moved = try pixels(preparer, first)
        let full = try PhotoDecoder.decode(contentsOf: url)
        let reference = Resampler.resize(full.cropped(x: first.window!.x / 2, y: first.window!.y / 2, width: 300, height: 200),
                                         width: 600, height: 400)
        #expect(ImageComparison.psnr(moved, reference) > 40)
        preparer.zoomSource.keep(only: [ImageContent(photoID: "r", pixelSize: first.pixelSize)])
        #expect(preparer.zoomSource.bytesKept == 0, "back at fit, the decode is let go")
    }

    @Test func aRemotePhotoIsFetchedAtTheZoomsWidthCappedAtItsOwn() throws {
        let bytes = try Data(contentsOf: url)
        let server = try FixtureServer { _ in .init(headers: [("Content-Type", "image/jpeg")], body: bytes) }
        let raw = try #require(URL(string: server.baseURL + "/photo-r"))
        let preparer = preparer(.resizable(raw))
        _ = try pixels(preparer, content(scale: 0.5))
        _ = try pixels(preparer, content(scale: 4))
        let widths = server.requests(path: "/photo-r").compactMap { $0.query["w"] }
        #expect(widths == ["706", "1411"])
    }
}
