import CExif
import CFormatLibraries
import PhotoPagerBase
import FoundationEssentials

/// The EXIF fields photopager uses: how to turn the pixels upright, and what the info panel
/// shows, with the camera settings already in the Unsplash API's `exif` shape and units
/// ("1/250", "5.6", "35.0").
public struct ExifMetadata: Sendable, Equatable {
    public var orientation: Orientation = .up
    public var camera = Photo.Exif()
    /// DateTimeOriginal as ISO 8601 local time ("2015-02-11T23:03:42"); EXIF carries no zone.
    public var dateTimeOriginal: String?
    public var artist: String?
    /// The Rating tag (0x4746, Microsoft's, which cameras write): 0–5 stars.
    public var rating: Int?

    public init() {}

    /// The Rating tag: libexif does not know it, so it is read from the first directory.
    static let ratingTag = 0x4746

    static func rating(_ value: Int) -> Int? { (0 ... 5).contains(value) ? value : nil }

    /// Parses an EXIF block: either a whole JPEG (libexif finds the APP1 segment itself) or the
    /// raw TIFF payload of a PNG `eXIf` / WebP `EXIF` chunk. Returns `nil` when there is none.
    public init?(exifBytes bytes: UnsafeRawBufferPointer) {
        // On this thread's block (`photopager_exif_arena_mem`): nothing of libexif's outlives
        // this call.
        guard let base = bytes.baseAddress, bytes.count > 8, let mem = photopager_exif_arena_mem().map(OpaquePointer.init) else { return nil }
        let data = exif_data_new_mem(mem)
        exif_mem_unref(mem)
        guard let data else { return nil }
        defer { exif_data_unref(data) }
        // Only reading: libexif's default "follow the specification" pass adds and rewrites tags
        // after loading, which was most of the cost of reading a photo's header.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
        exif_data_load_data(data, base.assumingMemoryBound(to: UInt8.self), UInt32(clamping: bytes.count))
        let reader = EntryReader(data: data)
        guard reader.hasAnyEntry else { return nil }
        if let value = reader.short(EXIF_TAG_ORIENTATION), let o = Orientation(rawValue: Int(value)) {
            orientation = o
        }
        camera.make = reader.ascii(EXIF_TAG_MAKE)
        camera.model = reader.ascii(EXIF_TAG_MODEL)
        camera.lens = reader.ascii(EXIF_TAG_LENS_MODEL)
        artist = reader.ascii(EXIF_TAG_ARTIST)
        camera.iso = reader.short(EXIF_TAG_ISO_SPEED_RATINGS).map(Int.init)
        // Cameras without the data write 0 ("unknown"), which must not read as a 0 s exposure
        // or f/0.0 (a 0 s exposure once crashed the header reader: 1/0 as an integer).
        if let (n, d) = reader.rational(EXIF_TAG_EXPOSURE_TIME), d != 0, n != 0 {
            camera.exposureTime = Self.exposure(numerator: n, denominator: d)
        }
        if let (n, d) = reader.rational(EXIF_TAG_FNUMBER), d != 0, n != 0 {
            camera.aperture = Photo.Exif.oneDecimal(Double(n) / Double(d))
        }
        if let (n, d) = reader.rational(EXIF_TAG_FOCAL_LENGTH), d != 0, n != 0 {
            camera.focalLength = Photo.Exif.oneDecimal(Double(n) / Double(d))
        }
        dateTimeOriginal = reader.ascii(EXIF_TAG_DATE_TIME_ORIGINAL).flatMap(Self.iso8601)
        let prefix = Array("Exif".utf8) + [0, 0]
        if let tiff = TIFFStructure(bytes.starts(with: prefix) ? UnsafeRawBufferPointer(rebasing: bytes[6...]) : bytes),
           let entry = tiff.entries(at: tiff.firstDirectory)?.first(where: { $0.tag == Self.ratingTag }) {
            rating = Self.rating(tiff.value(entry))
        }
    }

    /// Exposure as a photographer writes it: "1/250" under a second, "2.5" above.
    static func exposure(numerator n: UInt32, denominator d: UInt32) -> String {
        if n >= d || n == 0 { return Photo.Exif.oneDecimal(Double(n) / Double(max(1, d))) }
        if n == 1 { return "1/\(d)" }
        return "1/\(Int((Double(d) / Double(n)).rounded()))"
    }


    /// "2015:02:11 23:03:42" → "2015-02-11T23:03:42"; nil for the all-zero "unknown" date.
    static func iso8601(_ exif: String) -> String? {
        // "YYYY:MM:DD HH:MM:SS", as nearly every camera writes it, byte by byte; splitting
        // into strings was a thirtieth of listing a folder.
        var bytes = Array(exif.utf8)
        if bytes.count == 19, !bytes[0 ..< 4].allSatisfy({ $0 == UInt8(ascii: "0") }) {
            var valid = true
            for i in 0 ..< 19 {
                let (expected, written): (UInt8, UInt8) = switch i {
                case 4, 7: (UInt8(ascii: ":"), UInt8(ascii: "-"))
                case 10: (UInt8(ascii: " "), UInt8(ascii: "T"))
                case 13, 16: (UInt8(ascii: ":"), UInt8(ascii: ":"))
                default: (0, 0)
                }
                if expected == 0 { valid = valid && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
                else { valid = valid && bytes[i] == expected; bytes[i] = written }
            }
            if valid { return String(decoding: bytes, as: UTF8.self) }
            bytes = Array(exif.utf8)
        }
        let parts = exif.split(whereSeparator: { $0 == ":" || $0 == " " }).map(String.init)
        guard parts.count == 6, parts.allSatisfy({ Int($0) != nil }), parts[0] != "0000" else { return nil }
        return "\(parts[0])-\(parts[1])-\(parts[2])T\(parts[3]):\(parts[4]):\(parts[5])"
    }
}

/// Reads typed values out of libexif's IFDs; the C pointers stay in here.
private struct EntryReader {
    let data: UnsafeMutablePointer<ExifData>
    var order: ExifByteOrder { exif_data_get_byte_order(data) }

    var hasAnyEntry: Bool {
        ifds.contains { $0?.pointee.count ?? 0 > 0 }
    }

    private var ifds: [UnsafeMutablePointer<ExifContent>?] {
        let i = data.pointee.ifd
        return [i.0, i.1, i.2, i.3, i.4]
    }

    /// `exif_data_get_entry` is a C macro, so search the IFDs here.
    private func entry(_ tag: ExifTag) -> UnsafeMutablePointer<ExifEntry>? {
        for ifd in ifds {
            if let ifd, let e = exif_content_get_entry(ifd, tag), e.pointee.data != nil { return e }
        }
        return nil
    }

    func ascii(_ tag: ExifTag) -> String? {
        guard let e = entry(tag), e.pointee.format == EXIF_FORMAT_ASCII, e.pointee.size > 0 else { return nil }
        return ExifMetadata.text(UnsafeBufferPointer(start: e.pointee.data, count: Int(e.pointee.size)))
    }


    func short(_ tag: ExifTag) -> UInt16? {
        guard let e = entry(tag), e.pointee.format == EXIF_FORMAT_SHORT, e.pointee.size >= 2 else { return nil }
        return exif_get_short(e.pointee.data, order)
    }

    func rational(_ tag: ExifTag) -> (UInt32, UInt32)? {
        guard let e = entry(tag), e.pointee.format == EXIF_FORMAT_RATIONAL, e.pointee.size >= 8 else { return nil }
        let r = exif_get_rational(e.pointee.data, order)
        return (r.numerator, r.denominator)
    }
}

extension ExifMetadata {
    /// An EXIF string's text: up to its NUL, without the spaces it is often padded with to a
    /// fixed length; nil when nothing is left. Trimmed on the bytes: as characters, reversed
    /// twice, it was an eighth of `list`'s time for 100,000 photos.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = bytes.prefix { $0 != 0 }
        var start = text.startIndex, end = text.endIndex
        while start < end, text[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, text[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return start == end ? nil : String(decoding: text[start ..< end], as: UTF8.self)
    }
}
