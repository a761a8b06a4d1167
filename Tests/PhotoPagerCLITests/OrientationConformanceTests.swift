import Foundation
import PhotoDecoding
import PhotoPagerBase
import Testing
import TestSupport

/// Sets of one picture stored in every orientation the format has (HEIF irot/imir, JPEG XL's
/// codestream orientation, TIFF's Orientation tag, a DNG's flip): upright, each is the same
/// picture, pixel for pixel up to the codec's loss.
@Suite(.enabled(if: Conformance.formatsAvailable, "needs ../shared/conformance (absent in a bare clone)"))
struct OrientationConformanceTests {
    static func decode(_ file: String) throws -> RGBImage {
        try PhotoDecoder.decode(contentsOf: SharedPhotos.conformance.appendingPathComponent(file))
    }

    @Test(arguments: [
        ("heif/kimageformats_orientation1.heic", (2 ... 8).map { "heif/kimageformats_orientation\($0).heic" }),
        ("jxl/kimageformats_orientation5.jxl", (6 ... 8).map { "jxl/kimageformats_orientation\($0).jxl" }),
        ("avif/linku_kimono.rotate90.avif", ["avif/linku_kimono.rotate270.avif", "avif/linku_kimono.mirror-vertical.rotate270.avif"]),
    ])
    func everyOrientationStandsUpright(reference: String, others: [String]) throws {
        let upright = try Self.decode(reference)
        for file in others {
            let image = try Self.decode(file)
            #expect(image.width == upright.width && image.height == upright.height, "\(file)")
            if image.width == upright.width && image.height == upright.height {
                #expect(ImageComparison.psnr(image, upright) > 30, "\(file) against \(reference)")
            }
        }
    }

    /// Pillow's fax TIFFs in six orientations are not one picture pixel for pixel (their bilevel
    /// strokes differ by a pixel here and there, 28 dB apart), so each is held to ImageMagick's
    /// `-auto-orient` of it instead.
    @Test(arguments: [1, 3, 5, 6, 7, 8])
    func aTIFFStandsAsImageMagickTurnsIt(_ orientation: Int) throws {
        let file = "tiff/pillow_g4_orientation_\(orientation).tif"
        let ours = try Self.decode(file)
        // +repage: ImageMagick 6 keeps the stored page size after a transpose (5), and its
        // flatten would then lay the photo on an 88×590 canvas.
        let directory = try TemporaryDirectory()
        let upright = directory.url.appendingPathComponent("upright.png").path
        _ = try ImageMagick.run([SharedPhotos.conformance.appendingPathComponent(file).path, "-auto-orient", "+repage", upright])
        let reference = try ImageMagick.rgb(of: upright)
        #expect(ours.width == reference.width && ours.height == reference.height)
        #expect(ImageComparison.psnr(ours, reference) > 40)
    }

    /// A view bigger than a DNG's full-size preview is still drawn from the preview (the
    /// camera's own rendering, enlarged), not from the raw developed by libraw (another look,
    /// 15 dB away from it).
    @Test func aFullSizePreviewServesBiggerViews() throws {
        let url = SharedPhotos.conformance.appendingPathComponent("raw/skia_dng_with_preview.dng")
        let preview = try PhotoDecoder.decode(contentsOf: url)              // 600x338: its full size
        let big = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (1200, 676)))
        #expect(ImageComparison.psnr(big, Resampler.resize(preview, width: 1200, height: 676)) > 40)
    }

    /// A view bigger than every preview of a DNG (256x144 for 600x338) is developed, and the
    /// largest preview, enlarged and upright, is handed over first to stand in meanwhile; a
    /// view the preview covers is drawn from it with no draft.
    @Test(arguments: ["raw/skia_sample_1mp.dng", "raw/skia_sample_1mp_rotated.dng"])
    func aPreviewStandsInWhileTheRawIsDeveloped(_ file: String) throws {
        let url = SharedPhotos.conformance.appendingPathComponent(file)
        let drafts = Locked<[RGBImage]>([])
        let header = try PhotoDecoder.header(contentsOf: url)
        var request = DecodeRequest(size: (header.width, header.height))
        request.draft = { image in drafts.withLock { $0.append(image) } }
        let developed = try PhotoDecoder.decode(contentsOf: url, request)
        let draft = try #require(drafts.withLock { $0 }.first)
        #expect(drafts.withLock { $0.count } == 1)
        #expect(draft.width == developed.width && draft.height == developed.height)
        // The draft is the preview (a decode the preview covers), enlarged; not the developed raw.
        let small = header.width > header.height ? (256, 144) : (144, 256)
        let preview = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: small))
        let enlarged = Resampler.resize(preview, width: draft.width, height: draft.height)
        #expect(ImageComparison.psnr(draft, enlarged) > 40)
        #expect(ImageComparison.psnr(draft, developed) < ImageComparison.psnr(draft, enlarged) - 10)
        drafts.withLock { $0.removeAll() }
        request.size = small
        _ = try PhotoDecoder.decode(contentsOf: url, request)
        #expect(drafts.withLock { $0.isEmpty })
    }

    /// The rotated DNG (flip 5, EXIF 8) is the plain one turned a quarter anticlockwise.
    @Test func aRotatedDNGIsTurnedByItsFlip() throws {
        let plain = try Self.decode("raw/skia_sample_1mp.dng")
        let rotated = try Self.decode("raw/skia_sample_1mp_rotated.dng")
        let turned = Orientation.left.apply(to: plain)
        #expect(rotated.width == turned.width && rotated.height == turned.height)
        #expect(ImageComparison.psnr(rotated, turned) > 30)
    }
}
