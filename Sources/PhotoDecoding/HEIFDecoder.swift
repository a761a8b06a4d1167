import CFormatLibraries

/// HEIF (HEVC, what iPhones save) through libheif, loaded on the first such photo
/// (see photopager_heif.h). libheif applies the file's clean aperture, rotation and mirroring,
/// so the pixels come out upright; the header reader (`HEIFStructure`) computes the same size.
/// Photos of more than 8 bits come as 16-bit samples and are brought to 8 here, through a
/// tone map for HDR (PQ, HLG).
enum HEIFDecoder {
    /// `parallelHEVC`: through libde265 with a worker per core (libheif's own plugin starts one);
    /// off only to hold the two to the same pixels in tests.
    static func decode(_ bytes: UnsafeRawBufferPointer, atLeast target: (width: Int, height: Int), maxPixels: Int,
                       background: RGB, parallelHEVC: Bool = true) throws -> DecodedPixels {
        var image = pp_heif_image()
        defer { pp_heif_image_free(&image) }
        let status = pp_heif_decode(bytes.baseAddress, bytes.count, Int32(clamping: target.width), Int32(clamping: target.height),
                                    Int32(ImageHeader.maximumSide), Int64(maxPixels), parallelHEVC ? 1 : 0, &image)
        guard status == 0, let pixels = image.pixels else { throw DecodeError.corrupt(message(image)) }
        let width = Int(image.width), height = Int(image.height), count = width * height
        var colour = ColourSource.sRGB
        if image.icc_length > 0, let icc = image.icc {
            colour = .icc(Array(UnsafeBufferPointer(start: icc, count: image.icc_length)))
        } else if image.has_nclx != 0 {
            colour = .coded(primaries: Int(image.primaries), transfer: Int(image.transfer))
        }
        var rgba: [UInt8]
        if image.sample_bits == 16 {
            // libheif's 16-bit samples are little-endian, as this machine's are.
            (rgba, colour) = ToneCurve.eightBit(UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt16.self), width: width, height: height,
                                                rowSamples: width * 4, significantBits: Int(image.significant_bits), colour: colour)
        } else {
            rgba = [UInt8](UnsafeBufferPointer(start: pixels, count: count * 4))
        }
        let rgb = image.has_alpha != 0 ? AlphaBlend.flatten(rgba: rgba, over: background) : AlphaBlend.dropAlpha(rgba)
        return DecodedPixels(image: RGBImage(width: width, height: height, pixels: rgb), colour: colour)
    }

    private static func message(_ image: pp_heif_image) -> String {
        CText.string(image.message, otherwise: "libheif could not read it")
    }
}
