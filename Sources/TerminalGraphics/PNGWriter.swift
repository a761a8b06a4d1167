import CPNG
import PhotoDecoding

/// RGB pixels → PNG bytes in memory, through libpng's simplified API.
///
/// The simplified `png_image_*` API reports errors in a struct instead of `longjmp`ing out of the
/// call, which Swift cannot survive. Used by the iTerm2 encoder and kitty's `f=100` mode; kept
/// apart so the one-shot `render --output x.png` path can reuse it.
public enum PNGWriter {
    /// `fast` trades file size for speed (libpng's `PNG_IMAGE_FLAG_FAST`: a cheaper zlib level and
    /// no filter search). For bytes that only cross a local pty the speed matters more; the output
    /// stays a lossless, standard PNG either way.
    public static func encode(_ image: RGBImage, fast: Bool = true) throws -> [UInt8] {
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        control.width = png_uint_32(image.width)
        control.height = png_uint_32(image.height)
        control.format = png_uint_32(PNG_FORMAT_RGB)
        control.flags = fast ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
        defer { png_image_free(&control) }

        // One pass into a buffer big enough for incompressible data (what libpng's
        // PNG_IMAGE_PNG_SIZE_MAX computes), rather than libpng's suggested size-query pass, which
        // would compress everything twice.
        var capacity = worstCaseSize(width: image.width, height: image.height)
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var written = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                image.pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&control, out.baseAddress, &written, 0,
                                              pixels.baseAddress, png_int_32(image.width * 3), nil)
                }
            }
            if ok != 0 {
                output.removeSubrange(Int(written)...)
                return output
            }
            // On a too-small buffer libpng reports the size it needed; anything else is an error.
            guard Int(written) > capacity else { break }
            capacity = Int(written)
            png_image_free(&control)
            control.opaque = nil
            control.warning_or_error = 0
        }
        throw TerminalGraphicsError.png(message: message(of: control))
    }

    /// Bytes a PNG of raw RGB rows can need when zlib cannot compress at all: the rows with their
    /// filter bytes, stored-block headers, one chunk header per IDAT and the fixed chunks.
    static func worstCaseSize(width: Int, height: Int) -> Int {
        let data = height * (1 + width * 3)
        return data + (data / 65_535 + 1) * 5 + (data / 4_096 + 1) * 12 + 1_024
    }

    /// The NUL-terminated `message` field of a `png_image`.
    static func message(of control: png_image) -> String {
        withUnsafeBytes(of: control.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
