import Foundation
@testable import PhotoDecoding
import PhotoPagerBase
import Testing
import TestSupport

@Suite struct HeaderTests {
    @Test(arguments: [
        ("sample/astronaut.png", ImageFormat.png, 512, 512),
        ("sample/rocket.jpg", .jpeg, 640, 427),
        ("sample/retina.jpg", .jpeg, 1411, 1411),
        ("formats/lossy.webp", .webp, 600, 400),
        ("formats/animated.gif", .gif, 160, 106),
        ("bench/Elephants_5640x3172.jpg", .jpeg, 5640, 3172),
        ("bench/wood-l.webp", .webp, 4096, 4096),
    ])
    func readsSizeWithoutDecoding(name: String, format: ImageFormat, width: Int, height: Int) throws {
        let header = try PhotoDecoder.header(contentsOf: SharedPhotos.url(name))
        #expect(header.format == format)
        #expect(header.width == width && header.height == height)
    }

    /// A frame header after a big segment (an EXIF thumbnail, an ICC profile) is still found:
    /// past the first window, past the second, in the whole file.
    @Test(arguments: [1_000, 40_000, 200_000])
    func findsAFrameHeaderBehindABigSegment(padding: Int) throws {
        let jpeg = try Data(contentsOf: SharedPhotos.url("sample/rocket.jpg"))
        var padded = Data(jpeg.prefix(2))                           // SOI
        var left = padding
        while left > 0 {                                            // COM segments of up to 65 533 bytes
            let size = min(left, 65_533)
            padded += Data([0xFF, 0xFE, UInt8((size + 2) >> 8), UInt8((size + 2) & 0xFF)]) + Data(repeating: 0x41, count: size)
            left -= size
        }
        padded += jpeg.dropFirst(2)
        let tmp = try TemporaryDirectory()
        let header = try PhotoDecoder.header(contentsOf: try tmp.write("padded.jpg", padded))
        #expect(header.width == 640 && header.height == 427)
    }

    /// One `FileHead` read file after file (as a folder is listed): each header is its own
    /// file's, whatever the one before left in the memory, and the file's date is its own.
    @Test func aFileHeadReadsFileAfterFile() throws {
        let tmp = try TemporaryDirectory()
        let jpeg = try Data(contentsOf: SharedPhotos.url("sample/rocket.jpg"))
        var long = Data(jpeg.prefix(2))
        for _ in 0 ..< 2 { long += Data([0xFF, 0xFE, 0xFF, 0xFF]) + Data(repeating: 0x41, count: 65_533) }
        long += jpeg.dropFirst(2)
        let files = [try tmp.write("long.jpg", long), SharedPhotos.url("formats/palette.png"), SharedPhotos.url("sample/astronaut.png"),
                     SharedPhotos.url("formats/lossy.webp"), try tmp.write("short.jpg", jpeg)]
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: files[4].path)
        let head = FileHead()
        for file in files {
            try head.open(file.path)
            #expect(head.count == min(PhotoDecoder.headerWindows[0], head.fileSize))
            #expect(Data(head.bytes) == (try Data(contentsOf: file)).prefix(head.count))
            let header = try PhotoDecoder.header(of: head, url: file)
            #expect(header == (try PhotoDecoder.header(contentsOf: file)))
            #expect(header.width == (try PhotoDecoder.decode(contentsOf: file)).width)
        }
        #expect(head.modified.tv_sec == 1_700_000_000)
        head.close()
        #expect(head.count == 0)
        #expect(throws: FileBytes.ReadError.self) { try head.open(tmp.url.path) }             // a folder
        #expect(throws: FileBytes.ReadError.self) { try head.open(tmp.url.path + "/nope.jpg") }
    }

    /// A PNG whose eXIf chunk comes after a big text chunk, past the first read: its
    /// orientation still counts (the header reader reads on when the metadata may go on).
    @Test func pngExifPastTheFirstWindowIsFound() throws {
        let jpeg = [UInt8](try Data(contentsOf: SharedPhotos.url("formats/exif-orientation-6.jpg")))
        // The TIFF payload of the JPEG's APP1 ("Exif\0\0" + TIFF).
        var at = 2, tiff: [UInt8] = []
        while at + 4 < jpeg.count, jpeg[at] == 0xFF {
            let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            if jpeg[at + 1] == 0xE1, jpeg[(at + 4)...].starts(with: Array("Exif".utf8)) {
                tiff = Array(jpeg[(at + 10) ..< (at + 2 + length)])
                break
            }
            at += 2 + length
        }
        try #require(!tiff.isEmpty)
        let png = [UInt8](try Data(contentsOf: SharedPhotos.url("formats/palette.png")))
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let n = UInt32(data.count)
            return [UInt8(n >> 24), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        let headerEnd = 8 + 25                                        // signature + IHDR chunk
        let padded = Array(png[..<headerEnd]) + chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 65, count: 40_000))
            + chunk("eXIf", tiff) + Array(png[headerEnd...])
        let tmp = try TemporaryDirectory()
        let header = try PhotoDecoder.header(contentsOf: try tmp.write("rotated.png", Data(padded)))
        #expect(header.orientation == .right)
        let plain = try PhotoDecoder.header(contentsOf: SharedPhotos.url("formats/palette.png"))
        #expect(header.width == plain.height && header.height == plain.width)
    }

    @Test func readsTheCameraFields() throws {
        let exif = try #require(try PhotoDecoder.header(contentsOf: SharedPhotos.url("formats/exif-orientation-6.jpg")).exif)
        #expect(exif.camera == Photo.Exif(make: "Canon", model: "Canon EOS 5D Mark IV", exposureTime: "1/250",
                                          aperture: "5.6", focalLength: "35.0", iso: 200))
        #expect(exif.dateTimeOriginal == "2015-02-11T23:03:42")
        #expect(exif.orientation == .right)
    }

    @Test("EXIF text: up to its NUL, padding spaces trimmed, nothing left is nil", arguments: [
        ("Canon\0\0\0", "Canon"), ("  NIKON CORPORATION   \0", "NIKON CORPORATION"), ("      \0", nil),
        ("", nil), ("a b", "a b"), ("Ünïcode  ", "Ünïcode"), ("\0junk", nil),
    ] as [(String, String?)])
    func exifText(raw: String, expected: String?) {
        let bytes = Array(raw.utf8)
        #expect(bytes.withUnsafeBufferPointer { ExifMetadata.text($0) } == expected)
    }

    @Test func magicBytesNotExtensionsDecideTheFormat() {
        #expect(ImageFormat(magic: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(magic: Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat(magic: Array("RIFF\0\0\0\0WEBP".utf8)) == .webp)
        #expect(ImageFormat(magic: Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(ImageFormat(magic: [0x89, 0x50]) == nil)
    }
}

@Suite struct LongHeaderTests {
    /// A JPEG whose frame header sits beyond the first 64 kB (a big APP2 segment in front)
    /// still reports its size: the short read falls back to the whole file.
    @Test func headersPastTheFirstReadAreFound() throws {
        let jpeg = try Data(contentsOf: SharedPhotos.url("sample/rocket.jpg"))
        let payload = 65_000
        var padded = Data(jpeg.prefix(2))                                     // SOI
        padded += Data([0xFF, 0xE2, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)])
        padded += Data(repeating: 0x41, count: payload)
        padded += jpeg.dropFirst(2)
        let tmp = try TemporaryDirectory()
        let header = try PhotoDecoder.header(contentsOf: try tmp.write("long.jpg", padded))
        #expect(header.width == 640 && header.height == 427)
    }
}

@Suite struct ExifDateTests {
    /// EXIF's "YYYY:MM:DD HH:MM:SS" as ISO 8601; the unset date (zeros) and anything that is
    /// not six numbers is no date; a date written loosely still reads.
    @Test(arguments: [
        ("2015:02:11 23:03:42", "2015-02-11T23:03:42"),
        ("1999:12:31 00:00:00", "1999-12-31T00:00:00"),
        ("0000:00:00 00:00:00", nil),
        ("2015:02:11 23:03:4x", nil),
        ("2015-02-11 23:03:42", nil),
        ("    :  :     :  :  ", nil),
        ("2015:2:11 23:03:42", "2015-2-11T23:03:42"),
        ("2015:02:11 23:03:42 ", "2015-02-11T23:03:42"),
        ("", nil),
    ] as [(String, String?)])
    func readsTheCamerasDate(exif: String, iso: String?) {
        #expect(ExifMetadata.iso8601(exif) == iso)
    }
}
