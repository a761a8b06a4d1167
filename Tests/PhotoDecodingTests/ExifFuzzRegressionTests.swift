import Foundation
import PhotoDecoding
import Testing
@testable import PhotoDecoding

/// Findings of `make fuzz`, each kept as the smallest input of our own that shows it.
@Suite struct ExifFuzzRegressionTests {
    /// A JPEG whose EXIF has the given rationals in its Exif IFD (big-endian TIFF): IFD0 holds
    /// only the pointer to the Exif IFD; values live after the IFDs.
    static func jpeg(rationals: [(tag: UInt16, numerator: UInt32, denominator: UInt32)]) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let exifIFD: UInt32 = 8 + 2 + 12 + 4
        let values = exifIFD + 2 + UInt32(12 * rationals.count) + 4
        var tiff: [UInt8] = Array("MM".utf8) + u16(42) + u32(8)
        tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)      // IFD0: the Exif pointer
        tiff += u16(UInt16(rationals.count))
        for (index, entry) in rationals.enumerated() {
            tiff += u16(entry.tag) + u16(5) + u32(1) + u32(values + UInt32(8 * index))  // RATIONAL, one
        }
        tiff += u32(0)
        for entry in rationals { tiff += u32(entry.numerator) + u32(entry.denominator) }
        let app1 = Array("Exif\0\0".utf8) + tiff
        let sof: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 10, 0, 12, 1, 1, 0x11, 0]
        return [0xFF, 0xD8, 0xFF, 0xE1] + u16(UInt16(app1.count + 2)) + app1 + sof + [0xFF, 0xD9]
    }

    /// `make fuzz` (header, decode): an ExposureTime of 0/1 ("unknown") made the reader divide
    /// by zero into an integer and trap — any photo with it would crash the pager.
    @Test func aZeroExposureTimeIsUnknownNotACrash() throws {
        let bytes = Self.jpeg(rationals: [(0x829A, 0, 1), (0x829D, 0, 1), (0x920A, 35, 1)])
        let header = try bytes.withUnsafeBytes { try ImageHeader(parsing: $0) }
        #expect(header.width == 12 && header.height == 10)
        let exif = try #require(header.exif)
        #expect(exif.camera.exposureTime == nil)
        #expect(exif.camera.aperture == nil)
        #expect(exif.camera.focalLength == "35.0", "the rest of the EXIF is still read")
        #expect(ExifMetadata.exposure(numerator: 0, denominator: 1) == "0.0")
        #expect(ExifMetadata.exposure(numerator: 1, denominator: 250) == "1/250")
        #expect(ExifMetadata.exposure(numerator: 10, denominator: 4) == "2.5")
    }
}
