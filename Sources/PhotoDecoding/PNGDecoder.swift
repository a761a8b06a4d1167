import CPNG

/// PNG through libpng's simplified API, which handles greyscale, palette, 16-bit, interlacing
/// and gamma for us and reports errors by return value (the classic API longjmps, which Swift
/// cannot survive). Alpha is composited here, in sRGB like browsers and ImageMagick do
/// (libpng's own background option blends in linear light, which looks darker).
enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, background: RGB) throws -> RGBImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw DecodeError.corrupt(message(image))
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = UInt32(PNG_FORMAT_RGB) | (hasAlpha ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        let width = Int(image.width), height = Int(image.height), channels = hasAlpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let ok = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, nil, out.baseAddress, Int32(width * channels), nil)
        }
        guard ok != 0 else { throw DecodeError.corrupt(message(image)) }
        return RGBImage(width: width, height: height,
                        pixels: hasAlpha ? AlphaBlend.flatten(rgba: pixels, over: background) : pixels)
    }

    static func message(_ image: png_image) -> String {
        CText.string(image.message, otherwise: "libpng could not read it")
    }
}
