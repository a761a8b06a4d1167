import Foundation
@testable import PhotoDecoding
import Testing
import TestSupport

/// The TIFF directory walker takes offsets and counts of up to 2⁶³ − 1 from the file: none may
/// trap on overflow (the fuzzer's first find was an 18-byte BigTIFF whose first directory sits
/// at 2⁶³ − 1).
@Suite struct TIFFStructureTests {
    /// A little-endian BigTIFF with one directory at 16 holding `entries` (tag, type, count, value).
    func bigTIFF(_ entries: [(tag: UInt16, type: UInt16, count: UInt64, value: UInt64)]) -> [UInt8] {
        var bytes: [UInt8] = Array("II".utf8) + le(43, 2) + le(8, 2) + le(0, 2) + le(16, 8) + le(UInt64(entries.count), 8)
        for entry in entries { bytes += le(UInt64(entry.tag), 2) + le(UInt64(entry.type), 2) + le(entry.count, 8) + le(entry.value, 8) }
        return bytes + le(0, 8)
    }

    func le(_ value: UInt64, _ size: Int) -> [UInt8] { (0 ..< size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    @Test func aDirectoryPastAnyFileIsNotThere() {
        let found: [UInt8] = [0x49, 0x49, 0x2B, 0, 8, 0, 0, 0] + Array(repeating: 0xFF, count: 9) + [0x80]
        found.withUnsafeBytes { bytes in
            let tiff = TIFFStructure(bytes)
            #expect(tiff?.entries(at: tiff?.firstDirectory ?? 0) == nil)
            #expect(tiff?.nextDirectory(after: Int.max) == 0)
            #expect(EmbeddedPreviews.jpegs(in: bytes).isEmpty)
        }
        #expect(throws: DecodeError.self) { try PhotoDecoder.decode(Data(found)) }
    }

    @Test func hugeCountsAndOffsetsReadAsNothing() {
        let max = UInt64(Int.max)
        let file = bigTIFF([(256, 16, max, 1), (257, 4, max / 2, max),                 // sizes that are not there
                            (273, 16, 1, max), (279, 16, 1, max),                      // a strip past the end
                            (513, 16, 1, 40), (514, 16, 1, max - 20),                  // a preview that wraps round
                            (330, 16, max, max), (34675, 7, max, max)])                // sub-directories, a profile
        file.withUnsafeBytes { bytes in
            guard let tiff = TIFFStructure(bytes), let entries = tiff.entries(at: tiff.firstDirectory) else {
                Issue.record("the directory itself is well formed")
                return
            }
            #expect(entries.count == 8)
            #expect(entries.allSatisfy { tiff.values($0).count <= 1 })
            #expect(tiff.values(entries[0]).isEmpty && tiff.values(entries[1]).isEmpty)
            #expect(EmbeddedPreviews.jpegs(in: bytes).isEmpty)
        }
        #expect(throws: DecodeError.self) { try PhotoDecoder.decode(Data(file)) }
    }

    /// A classic TIFF of 640x480 whose IFD0 names its camera.
    func tiffWithCamera() -> [UInt8] {
        func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ value: UInt32) -> [UInt8] {
            le(UInt64(tag), 2) + le(UInt64(type), 2) + le(UInt64(count), 4) + le(UInt64(value), 4)
        }
        let make = Array("Canon\0".utf8)
        let entries = [entry(256, 3, 1, 640), entry(257, 3, 1, 480), entry(271, 2, UInt32(make.count), 8 + 2 + 3 * 12 + 4)]
        return Array("II".utf8) + le(42, 2) + le(8, 4) + le(UInt64(entries.count), 2) + entries.flatMap { $0 } + le(0, 4) + make
    }

    /// A decode reads a TIFF's header without its camera fields (libexif takes the file whole,
    /// copied for it); size and orientation are the same either way.
    @Test func cameraFieldsAreReadOnlyWhenAskedFor() throws {
        try tiffWithCamera().withUnsafeBytes { bytes in
            let full = try ImageHeader(parsing: bytes)
            let bare = try ImageHeader(parsing: bytes, cameraFields: false)
            #expect(full.exif?.camera.make == "Canon")
            #expect(bare.exif == nil)
            #expect(full.storedWidth == 640 && bare.storedWidth == 640 && full.storedHeight == 480 && bare.storedHeight == 480)
            #expect(full.orientation == bare.orientation)
        }
    }

    /// The RGB goes straight into the array made from the header's size; a header whose size is
    /// not the image's (a lying file) gets libtiff's own buffer and the same pixels.
    @Test func theRGBGoesIntoTheHeadersArrayOrItsOwn() throws {
        let tmp = try TemporaryDirectory()
        let tiff = tmp.url.appendingPathComponent("photo.tif").path
        _ = try ImageMagick.run([SharedPhotos.url("sample/chelsea.png").path, "-compress", "zip", tiff])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: tiff))
        try bytes.withUnsafeBytes { raw in
            let header = try ImageHeader(parsing: raw)
            let direct = try TIFFDecoder.decode(raw, stored: (header.storedWidth, header.storedHeight), maxPixels: 1 << 24, background: .black)
            let own = try TIFFDecoder.decode(raw, stored: (1, 1), maxPixels: 1 << 24, background: .black)
            #expect(direct.image.width == 451 && direct.image.height == 300)
            #expect(direct.image == own.image)
        }
    }
}
