import CPNG

/// Decodes a PNG to packed 8-bit RGB with libpng's simplified read API — the independent check on
/// what `PNGWriter` produced.
enum PNGReading {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ png: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = png.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { throw Failure(description: "png_image_begin_read_from_memory failed") }
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let finished = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 3), nil)
        }
        guard finished != 0 else { throw Failure(description: "png_image_finish_read failed") }
        return (width, height, pixels)
    }
}
