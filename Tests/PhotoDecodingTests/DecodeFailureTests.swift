import Foundation
@testable import PhotoDecoding
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

    /// A header with a side no photo has (a PNG of 1 × 2,012,070, as libjxl's fuzzer found in a
    /// JXL) is refused for its side, not as "over the 200 MP limit" it is not over.
    @Test func aSideNoPhotoHasIsRefusedForWhatItIs() throws {
        var png = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png += [0, 0, 0, 1, 0x00, 0x1E, 0xB3, 0xA6, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        let error = #expect(throws: DecodeError.self) { try PhotoDecoder.decode(Data(png)) }
        #expect(error == .sideTooLong(width: 1, height: 2_012_070, limit: ImageHeader.maximumSide))
        #expect(error?.description == "image is 1x2012070: a side longer than 1048576 pixels is not shown")
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

/// Headers that lie: none of these may crash, each must fail with a reason.
@Suite struct HostileHeaderTests {
    func png(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
        for value in [width, height] { data += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        return data + Data([8, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func hugePNGSidesAreRefused() {
        #expect(throws: DecodeError.self) { try PhotoDecoder.decode(png(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF)) }
        #expect(throws: DecodeError.self) {
            try png(width: 0x7FFF_FFFF, height: 2).withUnsafeBytes { try ImageHeader(parsing: $0) }
        }
    }

    @Test func aJPEGSegmentShorterThanItsLengthFieldIsCorrupt() {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 0xFF, 0xC0, 0, 17, 8, 0, 10, 0, 10])
        #expect(throws: DecodeError.self) { try jpeg.withUnsafeBytes { try ImageHeader(parsing: $0) } }
    }

    /// A progressive frame header, then a scan header whose length (2) leaves no room for
    /// its fields: the scan walker must stop there, not read past the segment.
    @Test func aLyingScanHeaderIsNotReadPastItsEnd() {
        let jpeg: [UInt8] = [0xFF, 0xD8,
                             0xFF, 0xC2, 0x00, 0x0B, 8, 0, 16, 0, 16, 1, 1, 0x11, 0,
                             0xFF, 0xDA, 0x00, 0x02,
                             0xFF, 0xD9]
        #expect(jpeg.withUnsafeBytes { ProgressiveScans.prefixLength($0, needed: 0) } == nil)
        #expect(throws: DecodeError.self) { try PhotoDecoder.decode(Data(jpeg), DecodeRequest(size: (2, 2))) }
    }

    @Test func aHugeTargetSizeIsRefusedNotAllocated() throws {
        let data = try Data(contentsOf: SharedPhotos.url("formats/palette.png"))
        #expect(throws: DecodeError.self) { try PhotoDecoder.decode(data, DecodeRequest(size: (100_000, 100_000))) }
    }
}
