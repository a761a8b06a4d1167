import CFormatLibraries

/// TIFF through libtiff's RGBA reader (loaded on the first TIFF, see photopager_tiff.h): strips
/// and tiles; 1- to 16-bit grey, palette, RGB, CMYK, YCbCr, Lab and LogLuv; JPEG, deflate,
/// LZW, fax, WebP compression. The first page, as stored: the Orientation tag is applied with
/// EXIF's code by the caller, from the header.
enum TIFFDecoder {
    /// The biggest single allocation libtiff may make for one strip or tile.
    static let maximumAllocation = 512 << 20

    /// `stored`: the size the header read, for the pixels to go straight into their array.
    static func decode(_ bytes: UnsafeRawBufferPointer, stored: (width: Int, height: Int), maxPixels: Int,
                       background: RGB) throws -> DecodedPixels {
        var image = pp_tiff_image()
        defer { pp_tiff_image_free(&image) }
        var status: Int32 = -1
        let expected = stored.width * stored.height <= maxPixels ? stored.width * stored.height * 3 : 0
        var rgb = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialised in
            status = pp_tiff_decode(bytes.baseAddress, bytes.count, Int64(maxPixels), Int64(maximumAllocation),
                                    buffer.baseAddress, buffer.count, &image)
            initialised = status == 0 && image.in_caller_buffer != 0 ? buffer.count : 0
        }
        guard status == 0, image.in_caller_buffer != 0 || image.pixels != nil else { throw DecodeError.corrupt(message(image)) }
        let width = Int(image.width), height = Int(image.height)
        if let pixels = image.pixels {
            rgb = image.channels == 3
                ? [UInt8](UnsafeBufferPointer(start: pixels, count: width * height * 3))
                : flatten(premultiplied: UnsafeBufferPointer(start: pixels, count: width * height * 4), over: background)
        }
        var colour = ColourSource.sRGB
        // A CMYK profile describes the ink, which libtiff has already turned into RGB its own way.
        if image.icc_length > 0, let icc = image.icc, image.photometric != 5 {
            colour = .icc(Array(UnsafeBufferPointer(start: icc, count: image.icc_length)))
        }
        return DecodedPixels(image: RGBImage(width: width, height: height, pixels: rgb), colour: colour)
    }

    /// libtiff premultiplies alpha: over the background that is colour + background × (1 − alpha).
    private static func flatten(premultiplied rgba: UnsafeBufferPointer<UInt8>, over background: RGB) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: rgba.count / 4 * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            for p in 0 ..< rgba.count / 4 {
                let a = UInt32(rgba[p * 4 + 3])
                out[p * 3] = AlphaBlend.overPremultiplied(UInt32(rgba[p * 4]), background.r, a)
                out[p * 3 + 1] = AlphaBlend.overPremultiplied(UInt32(rgba[p * 4 + 1]), background.g, a)
                out[p * 3 + 2] = AlphaBlend.overPremultiplied(UInt32(rgba[p * 4 + 2]), background.b, a)
            }
        }
        return rgb
    }

    private static func message(_ image: pp_tiff_image) -> String {
        CText.string(image.message, otherwise: "libtiff could not read it")
    }
}
