import Foundation
import PhotoDecoding
import Testing
import TestSupport

/// A TIFF of some size is read in bands of rows on several threads: in strips (8-bit RGB and
/// grey straight into RGB) or in tiles (libtiff's RGBA reader), deflated, LZW- or
/// JPEG-compressed, the pixels are ImageMagick's, every row in its place.
@Suite struct TIFFBandsTests {
    @Test(arguments: [["-compress", "zip", "-define", "tiff:rows-per-strip=64"],
                      ["-compress", "jpeg", "-quality", "95", "-define", "tiff:rows-per-strip=16"],
                      ["-compress", "zip", "-define", "tiff:tile-geometry=128x128"],
                      // Grey, strips that do not divide the height, and a photo read in one band.
                      ["-colorspace", "gray", "-type", "grayscale", "-compress", "lzw", "-define", "tiff:rows-per-strip=50"],
                      ["-resize", "300x", "-compress", "zip", "-define", "tiff:rows-per-strip=7"]])
    func bandsMakeTheWholePhoto(_ options: [String]) throws {
        let tmp = try TemporaryDirectory()
        let tiff = tmp.url.appendingPathComponent("photo.tif").path
        // 1000x872: more than 512 rows, so it is read in bands.
        let source = SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/hubble_deep_field.jpg").path
        _ = try ImageMagick.run([source, "-strip"] + options + [tiff])
        let ours = try PhotoDecoder.decode(contentsOf: URL(fileURLWithPath: tiff))
        let reference = try ImageMagick.rgb(of: tiff)
        #expect(ours.width == reference.width && ours.height == reference.height)
        #expect(ImageComparison.psnr(ours, reference) > 40, "\(options)")
    }
}
