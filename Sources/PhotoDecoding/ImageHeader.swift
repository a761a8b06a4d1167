import CWebP
import FoundationEssentials
import PhotoPagerBase

/// What a file's header says, read without decoding any pixels: enough to lay out a grid of
/// thousands of photos before any of them is decoded.
public struct ImageHeader: Sendable, Equatable {
    public let format: ImageFormat
    /// The size as stored, before EXIF orientation.
    public let storedWidth: Int
    public let storedHeight: Int
    /// Present when the file carries EXIF; its orientation turns the stored pixels upright.
    public let exif: ExifMetadata?
    /// False when the bytes ended where EXIF could still follow (a PNG before its first IDAT, a
    /// WebP whose VP8X header announces EXIF not yet reached): a longer prefix may tell more.
    public var metadataComplete = true

    /// How the stored pixels turn upright: EXIF's for JPEG, PNG and WebP; the Orientation tag
    /// for TIFF; `.up` for HEIF and AVIF, whose decoder applies the file's own transformations
    /// (their EXIF orientation is never applied a second time).
    public let orientation: Orientation
    /// The colours the pixels are in, where the header already says (a HEIF's `colr`).
    public var colour: ColourSource?
    /// The stars written inside the photo (embedded XMP's `xmp:Rating`, else EXIF's Rating
    /// tag, as cameras write them): -1 rejected, 0 unrated, 1–5.
    public var rating: Int?
    /// Where a HEIF's EXIF item lies when it was beyond the bytes parsed (read it with pread).
    var exifLocation: Range<Int>?
    /// Where a HEIF's XMP item lies when it was beyond the bytes parsed.
    var xmpLocation: Range<Int>?
    /// The size a person sees: after EXIF orientation.
    public var width: Int { orientation.uprightSize(width: storedWidth, height: storedHeight).width }
    public var height: Int { orientation.uprightSize(width: storedWidth, height: storedHeight).height }

    public init(format: ImageFormat, storedWidth: Int, storedHeight: Int, exif: ExifMetadata?, orientation: Orientation? = nil) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.exif = exif
        self.orientation = orientation ?? exif?.orientation ?? .up
    }

    /// The longest side we accept, far beyond any camera and small enough that products of
    /// sizes never overflow.
    public static let maximumSide = 1 << 20

    /// Parses the header from the file's first bytes. Throws `.truncated` when `bytes` ends
    /// before the size is known, so the caller can retry with the whole file.
    /// `cameraFields` false: a TIFF's EXIF (the camera, exposure) is not read, as a decode does
    /// not need it: libexif takes a TIFF whole, and it was copied for it (a 4 MB scan, twice a
    /// render). Size and orientation never depend on it.
    public init(parsing bytes: UnsafeRawBufferPointer, cameraFields: Bool = true) throws {
        guard let format = ImageFormat(magic: bytes) else {
            throw OtherFileKind.describe(magic: bytes).map(DecodeError.notAPhoto) ?? DecodeError.notAnImage
        }
        switch format {
        case .jpeg:
            self = try Self.jpeg(bytes)
            colour = EmbeddedProfile.jpeg(bytes)
        case .png:
            self = try Self.png(bytes)
            colour = EmbeddedProfile.png(bytes)
        case .webp:
            self = try Self.webp(bytes)
            colour = EmbeddedProfile.webp(bytes)
        case .gif: self = try Self.gif(bytes)
        case .heif, .avif: self = try Self.heif(bytes, format: format)
        case .tiff: self = try Self.tiff(bytes, cameraFields: cameraFields)
        case .jxl: self = try Self.jxl(bytes)
        case .raw: self = try Self.raw(bytes)
        }
        guard storedWidth > 0, storedHeight > 0 else {
            throw DecodeError.corrupt("image has zero width or height")
        }
        if rating == nil { rating = exif?.rating }
        // No real format goes past 65 535 (JPEG, GIF) or 16 383 (WebP); PNG's 2³¹ would
        // overflow every size product downstream. Refuse such headers here, before any math.
        guard storedWidth <= Self.maximumSide, storedHeight <= Self.maximumSide else {
            throw DecodeError.sideTooLong(width: storedWidth, height: storedHeight, limit: Self.maximumSide)
        }
    }

    /// Walks JPEG markers to the frame header (SOFn), picking up the EXIF APP1 on the way.
    private static func jpeg(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        var i = 2
        var exif: ExifMetadata?
        var xmpRating: Int?
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { throw DecodeError.corrupt("bad JPEG marker at byte \(i)") }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }                 // fill byte
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { throw DecodeError.corrupt("bad JPEG segment length at byte \(i)") }
            let start = i + 4, end = i + 2 + length
            let isFrame = (0xC0 ... 0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard start + 5 <= b.count else { break }
                let height = Int(b[start + 1]) << 8 | Int(b[start + 2])
                let width = Int(b[start + 3]) << 8 | Int(b[start + 4])
                var header = ImageHeader(format: .jpeg, storedWidth: width, storedHeight: height, exif: exif)
                header.rating = xmpRating
                return header
            }
            if marker == 0xE1, end <= b.count, let packet = XMPSegment.packet(UnsafeRawBufferPointer(rebasing: b[start ..< end])) {
                xmpRating = XMPPacket.rating(in: UnsafeRawBufferPointer(rebasing: packet))
            } else if marker == 0xE1, exif == nil, end <= b.count {
                exif = ExifMetadata(exifBytes: UnsafeRawBufferPointer(rebasing: b[start ..< end]))
            }
            if marker == 0xD9 || marker == 0xDA { throw DecodeError.corrupt("JPEG has no frame header") }
            i = end
        }
        throw DecodeError.truncated("JPEG header")
    }

    /// PNG: IHDR is the first chunk; an `eXIf` chunk, if any, comes before the pixel data.
    private static func png(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        guard b.count >= 24 else { throw DecodeError.truncated("PNG header") }
        let width = Int(bigEndian32(b, 16)), height = Int(bigEndian32(b, 20))
        var exif: ExifMetadata?
        var xmpRating: Int?
        var i = 8
        var reachedPixels = false
        while i + 8 <= b.count {
            let length = Int(bigEndian32(b, i))
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: b[i + 4 ..< i + 8]), as: UTF8.self)
            let start = i + 8, end = start + length
            if type == "IDAT" { reachedPixels = true; break }
            if end > b.count { break }
            if type == "eXIf" { exif = tiffExif(UnsafeRawBufferPointer(rebasing: b[start ..< end])) }
            if type == "iTXt", let packet = XMPSegment.pngPacket(UnsafeRawBufferPointer(rebasing: b[start ..< end])) {
                xmpRating = XMPPacket.rating(in: packet)
            }
            i = end + 4                                             // skip the CRC
        }
        var header = ImageHeader(format: .png, storedWidth: width, storedHeight: height, exif: exif)
        header.rating = xmpRating
        header.metadataComplete = reachedPixels || exif != nil
        return header
    }

    /// WebP: libwebp reads the size from the VP8/VP8L/VP8X header; EXIF is a RIFF chunk.
    private static func webp(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        var width: Int32 = 0, height: Int32 = 0
        guard WebPGetInfo(b.baseAddress?.assumingMemoryBound(to: UInt8.self), b.count, &width, &height) != 0 else {
            throw b.count < 64 ? DecodeError.truncated("WebP header") : DecodeError.corrupt("bad WebP header")
        }
        var exif: ExifMetadata?
        var xmpRating: Int?, sawXMP = false
        var i = 12
        while i + 8 <= b.count {
            let length = Int(littleEndian32(b, i + 4))
            let type = String(decoding: UnsafeRawBufferPointer(rebasing: b[i ..< i + 4]), as: UTF8.self)
            let start = i + 8, end = start + length
            if end > b.count { break }
            if type == "EXIF" { exif = tiffExif(UnsafeRawBufferPointer(rebasing: b[start ..< end])) }
            // An XMP chunk is read when it is among the bytes at hand (it usually ends the file).
            if type == "XMP " {
                sawXMP = true
                xmpRating = XMPPacket.rating(in: UnsafeRawBufferPointer(rebasing: b[start ..< end]))
            }
            i = end + (length & 1)                                  // chunks are padded to even size
        }
        var header = ImageHeader(format: .webp, storedWidth: Int(width), storedHeight: Int(height), exif: exif)
        header.rating = xmpRating
        // VP8X's flags byte (offset 20) has bit 3 set when an EXIF chunk exists, bit 2 when an
        // XMP one does, usually at the end.
        let extended = b.count > 20 && b[12] == UInt8(ascii: "V") && b[13] == UInt8(ascii: "P")
            && b[14] == UInt8(ascii: "8") && b[15] == UInt8(ascii: "X")
        let announcesExif = extended && b[20] & 0x08 != 0, announcesXMP = extended && b[20] & 0x04 != 0
        header.metadataComplete = (exif != nil || !announcesExif) && (xmpRating != nil || !announcesXMP || sawXMP)
        return header
    }

    /// GIF: the logical screen size is at bytes 6–9, little-endian.
    private static func gif(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        guard b.count >= 10 else { throw DecodeError.truncated("GIF header") }
        let width = Int(b[6]) | Int(b[7]) << 8, height = Int(b[8]) | Int(b[9]) << 8
        return ImageHeader(format: .gif, storedWidth: width, storedHeight: height, exif: nil)
    }

    /// HEIF/AVIF: the primary item's size after its transformations, from the boxes.
    private static func heif(_ b: UnsafeRawBufferPointer, format: ImageFormat) throws -> ImageHeader {
        guard let structure = HEIFStructure(b), let size = structure.displaySize else {
            throw b.count < 64 * 1024 ? DecodeError.truncated("HEIF header") : DecodeError.corrupt("no primary image in the HEIF boxes")
        }
        var exif: ExifMetadata?
        if let extent = structure.exifExtent, extent.upperBound <= b.count {
            exif = heifExif(UnsafeRawBufferPointer(rebasing: b[extent]))
        }
        var header = ImageHeader(format: format, storedWidth: size.width, storedHeight: size.height, exif: exif, orientation: .up)
        if exif == nil, let extent = structure.exifExtent, extent.count <= 1 << 20 { header.exifLocation = extent }
        if let extent = structure.xmpExtent {
            if extent.upperBound <= b.count {
                header.rating = XMPPacket.rating(in: UnsafeRawBufferPointer(rebasing: b[extent]))
            } else if extent.count <= 1 << 20 {
                header.xmpLocation = extent
            }
        }
        switch structure.colour {
        case let .nclx(primaries, transfer, _, _): header.colour = .coded(primaries: primaries, transfer: transfer)
        case let .profile(range) where range.upperBound <= b.count: header.colour = .icc(Array(b[range]))
        default: break
        }
        return header
    }

    /// The header with its EXIF item, read from `bytes` (the item alone, from the file).
    func withExif(_ bytes: Data) -> ImageHeader {
        guard let exif = bytes.withUnsafeBytes({ Self.heifExif($0) }) else { return self }
        var header = ImageHeader(format: format, storedWidth: storedWidth, storedHeight: storedHeight, exif: exif, orientation: orientation)
        header.colour = colour
        header.metadataComplete = metadataComplete
        header.xmpLocation = xmpLocation
        header.rating = rating ?? exif.rating
        return header
    }

    /// The header with the rating of the XMP item read from `bytes` (it outranks EXIF's).
    func withXMP(_ bytes: Data) -> ImageHeader {
        var header = self
        header.rating = bytes.withUnsafeBytes { XMPPacket.rating(in: $0) } ?? rating
        header.xmpLocation = nil
        return header
    }

    /// A HEIF EXIF item starts with the offset of its TIFF header (after any "Exif\0\0").
    static func heifExif(_ item: UnsafeRawBufferPointer) -> ExifMetadata? {
        guard item.count > 8 else { return nil }
        let skip = 4 + Int(bigEndian32(item, 0))
        guard skip < item.count else { return nil }
        return tiffExif(UnsafeRawBufferPointer(rebasing: item[skip...]))
    }

    /// TIFF: the first directory's size and Orientation tag; libexif reads the camera fields.
    private static func tiff(_ b: UnsafeRawBufferPointer, cameraFields: Bool) throws -> ImageHeader {
        guard let tiff = TIFFStructure(b) else { throw DecodeError.truncated("TIFF header") }
        guard let entries = tiff.entries(at: tiff.firstDirectory) else {
            throw tiff.firstDirectory >= b.count ? DecodeError.truncated("TIFF header") : DecodeError.corrupt("bad TIFF directory")
        }
        let tags = Dictionary(entries.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
        guard let width = tags[256].map(tiff.value), let height = tags[257].map(tiff.value) else {
            throw DecodeError.corrupt("TIFF directory has no image size")
        }
        let orientation = tags[274].map(tiff.value).flatMap(Orientation.init(rawValue:)) ?? .up
        var header = ImageHeader(format: .tiff, storedWidth: width, storedHeight: height, exif: tiff.isBig || !cameraFields ? nil : tiffExif(b),
                                 orientation: orientation)
        if let icc = tags[34675].flatMap(tiff.span), icc.upperBound <= b.count { header.colour = .icc(Array(b[icc])) }
        if let xmp = tags[700].flatMap(tiff.span), xmp.upperBound <= b.count { header.rating = XMPPacket.rating(in: UnsafeRawBufferPointer(rebasing: b[xmp])) }
        if header.rating == nil, let stars = tags[ExifMetadata.ratingTag].map(tiff.value) { header.rating = ExifMetadata.rating(stars) }
        return header
    }

    private static func jxl(_ b: UnsafeRawBufferPointer) throws -> ImageHeader { try JXLDecoder.header(b) }

    /// A camera's RAW through libraw; the stars a camera wrote (a TIFF-based RAW's first
    /// directory: XMP, else EXIF's Rating) read beside it.
    private static func raw(_ b: UnsafeRawBufferPointer) throws -> ImageHeader {
        var header = try RAWDecoder.header(b)
        if let tiff = TIFFStructure(b), let entries = tiff.entries(at: tiff.firstDirectory) {
            let tags = Dictionary(entries.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
            if let xmp = tags[700].flatMap(tiff.span), xmp.upperBound <= b.count {
                header.rating = XMPPacket.rating(in: UnsafeRawBufferPointer(rebasing: b[xmp]))
            }
            if header.rating == nil, let stars = tags[ExifMetadata.ratingTag].map(tiff.value) { header.rating = ExifMetadata.rating(stars) }
        }
        return header
    }

    /// PNG and WebP store bare TIFF-format EXIF; libexif wants the JPEG-style "Exif\0\0" prefix.
    static func tiffExif(_ payload: UnsafeRawBufferPointer) -> ExifMetadata? {
        let prefix: [UInt8] = Array("Exif".utf8) + [0, 0]
        let bytes = payload.starts(with: prefix) ? Array(payload) : prefix + Array(payload)
        return bytes.withUnsafeBytes { ExifMetadata(exifBytes: $0) }
    }
}

/// A JPEG APP1 segment holding XMP: its namespace, a NUL, then the packet.
enum XMPSegment {
    static let signature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    static func packet(_ payload: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer.SubSequence? {
        guard payload.count > signature.count, payload.starts(with: signature) else { return nil }
        return payload[signature.count...]
    }

    /// A PNG `iTXt` chunk holding XMP (keyword `XML:com.adobe.xmp`, uncompressed): its text,
    /// after the keyword, the compression flag and method, the language and translated keyword.
    static func pngPacket(_ chunk: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
        guard chunk.count > keyword.count + 2, chunk.starts(with: keyword), chunk[keyword.count] == 0 else { return nil }
        var at = keyword.count + 2
        for _ in 0 ..< 2 {                                      // language tag, translated keyword
            guard let nul = chunk[at...].firstIndex(of: 0) else { return nil }
            at = nul + 1
        }
        return UnsafeRawBufferPointer(rebasing: chunk[at...])
    }
}

func bigEndian32(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
    UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
}

func littleEndian32(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
    UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
}
