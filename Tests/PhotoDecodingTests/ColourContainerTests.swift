import Foundation
import PhotoDecoding
import Testing
import TestSupport

/// A Display P3 photo in every container ImageMagick writes with a profile (JPEG APP2, PNG
/// iCCP, WebP ICCP, TIFF tag 34675), made at test time from a bundled-style photo: each decodes
/// to what lcms (through ImageMagick) makes of it in sRGB, and not to its unconverted pixels.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/color/icc/sRGB.icc")
                 && FileManager.default.fileExists(atPath: SharedPhotos.conformance.appendingPathComponent("icc/sharp_p3.png").path),
                "needs icc-profiles-free and ../shared/conformance"))
struct ColourContainerTests {
    static let sRGB = "/usr/share/color/icc/sRGB.icc"

    @Test(arguments: ["jpg", "png", "webp", "tif"])
    func aDisplayP3PhotoConvertsInEveryContainer(_ ext: String) throws {
        let tmp = try TemporaryDirectory()
        let profile = tmp.url.appendingPathComponent("p3.icc").path
        _ = try ImageMagick.run([SharedPhotos.conformance.appendingPathComponent("icc/sharp_p3.png").path, profile])
        let photo = tmp.url.appendingPathComponent("p3.\(ext)").path
        // The photo's sRGB pixels re-expressed in Display P3, the profile embedded.
        _ = try ImageMagick.run([SharedPhotos.url("formats/yuv444.jpg").path, "-profile", Self.sRGB, "-profile", profile]
                                + (ext == "jpg" ? ["-quality", "95"] : ext == "webp" ? ["-define", "webp:lossless=true"] : []) + [photo])
        let ours = try PhotoDecoder.decode(contentsOf: URL(fileURLWithPath: photo))
        let reference = try ImageMagick.rgb(of: photo, sRGBProfile: Self.sRGB)
        let managed = ImageComparison.psnr(ours, reference)
        #expect(managed >= 38, "\(ext): \(managed) dB")
        var request = DecodeRequest()
        request.managesColour = false
        let ignored = ImageComparison.psnr(try PhotoDecoder.decode(contentsOf: URL(fileURLWithPath: photo), request), reference)
        #expect(ignored < managed - 1, "\(ext): ignored \(ignored) dB, converted \(managed) dB")
        let header = try PhotoDecoder.header(contentsOf: URL(fileURLWithPath: photo))
        #expect(ColourManagement.describe(header.colour) == "Display P3 → sRGB")
    }

    /// A profile lcms cannot read is taken for sRGB: the photo still shows, as it would without
    /// the profile, and the panel says so. An untagged photo is left alone.
    @Test func aBrokenProfileIsShownAsSRGB() throws {
        let jpeg = try Data(contentsOf: SharedPhotos.url("formats/yuv444.jpg"))
        let garbage = Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 0x5A, count: 200)
        let segment: [UInt8] = [0xFF, 0xE2, UInt8((garbage.count + 2) >> 8), UInt8((garbage.count + 2) & 0xFF)] + garbage
        let broken = Data(jpeg.prefix(2) + segment + jpeg.dropFirst(2))
        #expect(try PhotoDecoder.decode(broken) == PhotoDecoder.decode(jpeg))
        let header = try broken.withUnsafeBytes { try ImageHeader(parsing: $0) }
        #expect(ColourManagement.describe(header.colour) == "unreadable profile: shown as sRGB")
        let untagged = try jpeg.withUnsafeBytes { try ImageHeader(parsing: $0) }
        #expect(ColourManagement.describe(untagged.colour) == "sRGB")
    }
}
