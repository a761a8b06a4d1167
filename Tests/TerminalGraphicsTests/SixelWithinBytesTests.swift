import PhotoDecoding
import PhotoPagerBase
import Testing
import TestSupport
@testable import TerminalGraphics

/// A slow link's sixel: the same pixel size, within a byte budget, still the photo.
@Suite("sixel within a byte budget", .enabled(if: ImageMagick.isInstalled, "needs ImageMagick to decode sixel"))
struct SixelWithinBytesTests {
    static func rocket() throws -> RGBImage {
        let photo = SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/rocket.jpg")
        return try PhotoDecoder.decode(contentsOf: photo, DecodeRequest(size: (640, 427)))
    }

    static let cells = CellSize(columns: 64, rows: 22)

    @Test("a budget the full sixel fits is the full sixel")
    func roomyBudgetIsTheFullSixel() throws {
        let image = try Self.rocket()
        let full = try SixelEncoder().encode(image, cells: Self.cells)
        #expect(try SixelEncoder().encode(image, cells: Self.cells, withinBytes: full.count) == full)
    }

    /// Each budget from ½ down to ⅕ of the full sixel is kept, at the photo's own pixel size, and
    /// what is drawn is still the photo: measured 34.6, 26.3, 24.5, 24.5 dB here (the full one:
    /// 38.7; a small photo loses more to coarse pixels than a page-sized one), where swapped
    /// channels score ~12 (`SixelEncoderTests.metricSeparatesBugsFromQuantisation`).
    @Test("a tighter budget is kept, at the same pixel size, and still the photo", arguments: [0.5, 0.35, 0.25, 0.2])
    func tightBudgetsAreKept(share: Double) throws {
        let image = try Self.rocket()
        let full = try SixelEncoder().encode(image, cells: Self.cells)
        let budget = Int(Double(full.count) * share)
        let small = try SixelEncoder().encode(image, cells: Self.cells, withinBytes: budget)
        #expect(small.count <= budget, "\(small.count) of \(full.count) bytes")
        let decoded = try ImageMagick.decodeSixel(small)
        #expect(decoded.width == image.width && decoded.height == image.height)
        guard decoded.pixels.count == image.pixels.count else { return }
        let score = ImageComparison.psnr(decoded.pixels, image.pixels)
        #expect(score > 22, "\(score) dB at \(share)")
    }

    @Test("a budget nothing fits gets the ladder's last step, still the whole image")
    func impossibleBudgetGetsTheCoarsest() throws {
        let image = try Self.rocket()
        let last = try SixelEncoder.coarse(image, SixelEncoder.ladder.last!, cells: Self.cells)
        #expect(try SixelEncoder().encode(image, cells: Self.cells, withinBytes: 100) == last)
        let decoded = try ImageMagick.decodeSixel(last)
        #expect(decoded.width == image.width && decoded.height == image.height)
    }

    @Test("blocks: each pixel a square, cut at the edges")
    func blocksAreSquares() {
        let small = RGBImage(width: 2, height: 2, pixels: [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
        let big = SixelEncoder.blocks(of: small, block: 3, width: 5, height: 4)
        let reds = (0 ..< 4).map { y in (0 ..< 5).map { x in big[x, y].r } }
        #expect(reds == [[1, 1, 1, 2, 2], [1, 1, 1, 2, 2], [1, 1, 1, 2, 2], [3, 3, 3, 4, 4]])
    }

    @Test("the ladder goes down in bytes")
    func ladderGoesDown() {
        let shares = SixelEncoder.ladder.map(\.share)
        #expect(shares == shares.sorted(by: >) && shares.first == 1)
    }
}
