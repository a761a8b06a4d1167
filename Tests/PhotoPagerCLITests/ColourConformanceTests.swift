import Foundation
import PhotoDecoding
import Testing
import TestSupport

/// icc-profiles-free's sRGB profile, what the corpus README converts the references to.
let sRGBProfile = "/usr/share/color/icc/sRGB.icc"

/// The `icc/` rows of `expected-formats.tsv`: each photo's pixels match the same photo turned
/// into sRGB by ImageMagick through lcms2 (the corpus README's reference), and where the profile
/// is far from sRGB, the photo with its profile ignored matches worse (the conversion happens).
@Suite(.enabled(if: Conformance.formatsAvailable && FileManager.default.fileExists(atPath: sRGBProfile),
                "needs ../shared/conformance and icc-profiles-free"))
struct ColourConformanceTests {
    static let rows = Conformance.formatRows.filter { $0.file.hasPrefix("icc/") && $0.expected != "must-reject" }
    /// Profiles whose colours differ visibly from sRGB's.
    static let farFromSRGB = ["adobe-rgb", "smpte", "gainmap_bigendian", "R2020", "rgb-to-gbr", "sharp_p3", "prophoto",
                              "icc-v2-gbr", "xyb", "cmyk-icc", "acescg", "color-profile-lossy"]

    @Test(arguments: rows)
    func pixelsMatchTheReferenceConversion(_ row: Conformance.Row) throws {
        let url = ConformanceTests.url(row)
        guard let ours = try? PhotoDecoder.decode(contentsOf: url) else {
            #expect(row.expected == "either", "refused")
            return
        }
        let directory = try TemporaryDirectory()
        let reference = directory.url.appendingPathComponent("ref.png").path
        _ = try ImageMagick.run([url.path + "[0]", "-auto-orient", "-profile", sRGBProfile, "-strip", reference])
        let expected = try ImageMagick.rgb(of: reference)
        let managed = ImageComparison.psnr(ours, expected)
        #expect(managed >= 38, "\(managed) dB against lcms")
        if Self.farFromSRGB.contains(where: row.file.contains) {
            var request = DecodeRequest()
            request.managesColour = false
            let ignored = ImageComparison.psnr(try PhotoDecoder.decode(contentsOf: url, request), expected)
            #expect(ignored < managed - 1, "with the profile ignored: \(ignored) dB, converted: \(managed) dB")
        }
    }
}
