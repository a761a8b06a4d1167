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

/// A RAW whose previews are all smaller than the page is developed on the worker, and what the
/// worker hands over first, for the screen to show meanwhile, is its preview encoded for the
/// page's cells.
@Suite(.enabled(if: Conformance.formatsAvailable, "needs ../shared/conformance (absent in a bare clone)"))
struct RAWDraftTests {
    let url = SharedPhotos.conformance.appendingPathComponent("raw/skia_sample_1mp.dng")     // 600x338, preview 256x144

    func preparer() -> PhotoPreparer {
        let item = LibraryPhoto(photo: Photo(id: "d", width: 600, height: 338, urls: Photo.URLs(raw: ""), user: Photo.User()),
                                image: .file(url))
        return PhotoPreparer(library: [item], kind: .kitty, colorDepth: .truecolor, environment: [:],
                             cell: CellPixelSize(width: 10, height: 20), maxPixels: DecodeRequest.defaultMaxPixels,
                             images: RemoteImages(transport: CurlTransport(), cache: nil), thumbnails: nil)
    }

    /// The job records the drafts offered, and whether the result was ready when they were.
    func prepare(_ content: ImageContent) throws -> (drafts: [[UInt8]], result: [UInt8]) {
        let drafts = Locked<[[UInt8]]>([])
        let job = PipelineJob(stillWanted: { true }, makeRoom: { _ in }, offerDraft: { bytes in drafts.withLock { $0.append(bytes) } })
        let result = try preparer().prepare(content, job: job)
        return (drafts.withLock { $0 }, result)
    }

    @Test func thePageAtFitIsDraftedFromThePreview() throws {
        let content = ImageContent(photoID: "d", pixelSize: PixelSize(width: 600, height: 338), frame: 0)
        let (drafts, result) = try prepare(content)
        let draft = try #require(drafts.first)
        #expect(drafts.count == 1)
        #expect(draft != result)
        // The draft is the preview's pixels, in the page's size and cells.
        let preview = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (256, 144)))
        let expected = try KittyEncoder().encode(Resampler.resize(preview, width: 600, height: 338), cells: CellSize(columns: 60, rows: 17))
        #expect(draft == expected)
    }

    @Test func aThumbnailThePreviewCoversAndAZoomedViewHaveNoDraft() throws {
        #expect(try prepare(ImageContent(photoID: "d", pixelSize: PixelSize(width: 200, height: 113))).drafts.isEmpty)
        let view = PagerZoom(photoID: "d", scale: 2).view(photo: PixelSize(width: 600, height: 338), box: Rect(x: 0, y: 0, width: 60, height: 17),
                             cell: PixelSize(width: 10, height: 20))
        #expect(try prepare(ImageContent(photoID: "d", pixelSize: view.fit.pixelSize, window: view.window)).drafts.isEmpty)
    }
}
