import Foundation
@testable import PhotoDecoding
import Testing
import TestSupport

/// HEVC is decoded by libde265 with a worker per core (photopager's plugin) instead of
/// libheif's own plugin with one: the pixels are libde265's either way, to the bit, for every
/// HEIF of the corpus and for a photo made here (ImageMagick's x265 writes wavefront rows,
/// which the workers decode side by side).
@Suite struct ParallelHEVCTests {
    func decodeBoth(_ bytes: Data) -> (parallel: Result<RGBImage, Error>, stock: Result<RGBImage, Error>) {
        bytes.withUnsafeBytes { raw in
            let decode = { (parallel: Bool) in
                Result { try HEIFDecoder.decode(raw, atLeast: (0, 0), maxPixels: 50_000_000, background: .black, parallelHEVC: parallel).image }
            }
            return (decode(true), decode(false))
        }
    }

    func expectSame(_ both: (parallel: Result<RGBImage, Error>, stock: Result<RGBImage, Error>), _ name: String) {
        switch both {
        case (.success(let parallel), .success(let stock)):
            #expect(parallel.width == stock.width && parallel.height == stock.height && parallel.pixels == stock.pixels, "\(name)")
        case (.failure, .failure):
            break
        default:
            Issue.record("\(name): one plugin decoded it, the other did not: \(both)")
        }
    }

    @Test func aPhotoInWavefrontRows() throws {
        let tmp = try TemporaryDirectory()
        let heic = tmp.url.appendingPathComponent("photo.heic").path
        _ = try ImageMagick.run([SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/hubble_deep_field.jpg").path, heic])
        let both = decodeBoth(try Data(contentsOf: URL(fileURLWithPath: heic)))
        #expect((try? both.parallel.get())?.width == 1000)
        expectSame(both, "hubble_deep_field.heic")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: SharedPhotos.conformance.appendingPathComponent("heif").path)))
    func everyCorpusHEIF() throws {
        let folder = SharedPhotos.conformance.appendingPathComponent("heif")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where !name.contains("200MP") {
            expectSame(decodeBoth(try Data(contentsOf: folder.appendingPathComponent(name))), name)
        }
    }
}
