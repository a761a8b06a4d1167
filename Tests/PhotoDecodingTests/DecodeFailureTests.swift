import Foundation
import PhotoDecoding
import Testing
import TestSupport

@Suite struct DecodeFailureTests {
    func bytes(_ name: String) throws -> Data { try Data(contentsOf: SharedPhotos.url(name)) }

    @Test func refusesOversizedImagesBeforeDecoding() throws {
        let data = try bytes("bench/Elephants_5640x3172.jpg")
        let error = #expect(throws: DecodeError.self) {
            try PhotoDecoder.decode(data, DecodeRequest(size: (100, 100), maxPixels: 10_000_000))
        }
        #expect(error == .tooLarge(width: 5640, height: 3172, limit: 10_000_000))
        #expect(error?.description.contains("17.9 MP") == true)
        #expect(error?.description.contains("10 MP limit") == true)
    }

    @Test func rejectsBytesThatAreNoImage() {
        let error = #expect(throws: DecodeError.self) { try PhotoDecoder.decode(Data("hello, world".utf8)) }
        #expect(error == .notAnImage)
    }

    @Test(arguments: ["sample/rocket.jpg", "formats/gray.png", "formats/lossless.webp", "formats/animated.gif"])
    func corruptBodiesFailWithAReason(name: String) throws {
        var data = try bytes(name)
        // Keep the magic bytes, scramble the rest: the decoder must report, not crash.
        var generator = SystemRandomNumberGenerator()
        for i in 40 ..< data.count { data[i] = UInt8.random(in: 0 ... 255, using: &generator) }
        do {
            let image = try PhotoDecoder.decode(data)
            // JPEG decodes garbage with warnings into a (grey) image; that is acceptable.
            #expect(name.hasSuffix(".jpg"), "\(name) decoded scrambled data to \(image.width)x\(image.height)")
        } catch let error as DecodeError {
            #expect(!error.description.isEmpty)
        }
    }

    /// Cut inside the first frame / the pixel data (the GIF's first of four frames ends near 17 kB).
    @Test(arguments: ["formats/gray.png", "formats/lossy.webp", "formats/animated.gif"])
    func truncatedFilesFail(name: String) throws {
        let data = try bytes(name)
        #expect(throws: DecodeError.self) { try PhotoDecoder.decode(data.prefix(data.count / 10)) }
    }

    @Test func truncatedJPEGShowsWhatArrived() throws {
        let data = try bytes("sample/rocket.jpg")
        let image = try PhotoDecoder.decode(data.prefix(data.count / 2))
        #expect(image.width == 640 && image.height == 427)
    }

    @Test func missingFileSaysSo() {
        #expect { try PhotoDecoder.decode(contentsOf: URL(fileURLWithPath: "/nonexistent/x.jpg")) } throws: {
            "\($0)" == "no such file"
        }
    }
}
