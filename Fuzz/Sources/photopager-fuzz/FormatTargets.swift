@testable import PhotoDecoding

/// The newer formats' parsers, each on its own so libFuzzer's corpus for it grows from that
/// format's seeds (the conformance folder of the same name): HEIF/AVIF boxes, TIFF directories
/// and the RAW previews they point to, whole decodes of each format, and ICC profiles.
enum FormatTargets {
    /// The box walker: what it reports lies within the bytes or is flagged as beyond them.
    static func heifBoxes(_ bytes: UnsafeRawBufferPointer) {
        guard let structure = HEIFStructure(bytes) else { return }
        if let size = structure.displaySize { require(size.width >= 0 && size.height >= 0, "a negative size") }
        if let exif = structure.exifExtent { require(exif.lowerBound >= 0 && exif.count > 4, "an EXIF extent \(exif)") }
    }

    /// TIFF directories and the JPEG previews found through them lie within the bytes.
    static func tiffDirectories(_ bytes: UnsafeRawBufferPointer) {
        for range in EmbeddedPreviews.jpegs(in: bytes) {
            require(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a preview at \(range) of \(bytes.count) bytes")
        }
        _ = TIFFStructure.looksLikeRaw(Array(bytes.prefix(ImageFormat.magicLength)), extensionHint: "")
    }

    /// A decode through the format's own decoder, whatever the magic says: at most 16 MP, and
    /// what decodes has a pixel for every byte it claims.
    static func decode(_ bytes: UnsafeRawBufferPointer, as format: ImageFormat) {
        let background = RGB.black
        let decoded: DecodedPixels?
        switch format {
        case .heif: decoded = try? HEIFDecoder.decode(bytes, atLeast: (40, 30), maxPixels: 16_000_000, background: background)
        case .avif: decoded = try? AVIFDecoder.decode(bytes, maxPixels: 16_000_000, background: background)
        case .jxl: decoded = try? JXLDecoder.decode(bytes, maxPixels: 16_000_000, background: background)
        case .tiff:
            // Into the array made from the header's size, as a photo is (a lying header: a malloc'd buffer).
            let header = try? ImageHeader(parsing: bytes)
            decoded = try? TIFFDecoder.decode(bytes, stored: (header?.storedWidth ?? 0, header?.storedHeight ?? 0),
                                              maxPixels: 16_000_000, background: background)
        case .raw: decoded = try? RAWDecoder.decode(bytes, atLeast: (40, 30), maxPixels: 16_000_000)
        default: return
        }
        guard let decoded else { return }
        require(decoded.image.pixels.count == decoded.image.width * decoded.image.height * 3, "pixels for \(decoded.image)")
        _ = ColourManagement.toSRGB(decoded)
    }

    /// Any bytes as an embedded ICC profile: the photo comes out the same size, converted or
    /// left as it was, and the panel's words are never empty.
    static func profile(_ bytes: UnsafeRawBufferPointer) {
        let image = RGBImage(width: 7, height: 3, filledWith: RGB(r: 200, g: 90, b: 20))
        let source = ColourSource.icc(Array(bytes))
        let converted = ColourManagement.toSRGB(DecodedPixels(image: image, colour: source, cmyk: [UInt8](repeating: 60, count: 7 * 3 * 4)))
        require(converted.width == 7 && converted.height == 3, "a \(converted) photo")
        require(!ColourManagement.describe(source).isEmpty, "no words for the colours")
    }
}
