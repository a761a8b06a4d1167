import CGif

/// The first frame of a GIF, through giflib's record-level API: giflib's LZW decoder is
/// decades-hardened against hostile files, which beats writing our own, and the record API
/// lets us stop after frame one instead of decoding a whole animation as DGifSlurp would.
enum GIFDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, background: RGB) throws -> RGBImage {
        let source = ByteSource(bytes)
        var error: Int32 = 0
        let opened = withExtendedLifetime(source) {
            DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { gif, buffer, length in
                guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
                return Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(length))
            }, &error)
        }
        guard let gif = opened else { throw DecodeError.corrupt(reason(error)) }
        defer { DGifCloseFile(gif, &error) }
        return try withExtendedLifetime(source) { try firstFrame(gif, background: background) }
    }

    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, background: RGB) throws -> RGBImage {
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw DecodeError.corrupt("GIF canvas has no size") }
        var canvas = RGBImage(width: width, height: height, filledWith: background)
        var transparent = -1
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
                try draw(gif, on: &canvas, transparent: transparent)
                return canvas
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var gcb = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &gcb) == GIF_OK { transparent = Int(gcb.TransparentColor) }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
                }
            case TERMINATE_RECORD_TYPE:
                throw DecodeError.corrupt("GIF has no image")
            default:
                continue
            }
        }
    }

    /// Decodes the frame's lines (in interlaced pass order when needed) onto the canvas.
    private static func draw(_ gif: UnsafeMutablePointer<GifFileType>, on canvas: inout RGBImage, transparent: Int) throws {
        let frame = gif.pointee.Image
        let left = Int(frame.Left), top = Int(frame.Top), w = Int(frame.Width), h = Int(frame.Height)
        guard w > 0, h > 0, let map = frame.ColorMap ?? gif.pointee.SColorMap else {
            throw DecodeError.corrupt("GIF frame has no size or no colour table")
        }
        let colours = UnsafeBufferPointer(start: map.pointee.Colors, count: Int(map.pointee.ColorCount))
        let rowOrder: [Int] = frame.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { stride(from: $0.0, to: h, by: $0.1) }
            : Array(0 ..< h)
        var line = [GifPixelType](repeating: 0, count: w)
        for y in rowOrder {
            guard DGifGetLine(gif, &line, Int32(w)) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
            let cy = top + y
            guard cy < canvas.height else { continue }
            for x in 0 ..< w where left + x < canvas.width {
                let index = Int(line[x])
                guard index != transparent, index < colours.count else { continue }
                let c = colours[index], d = (cy * canvas.width + left + x) * 3
                canvas.pixels[d] = c.Red; canvas.pixels[d + 1] = c.Green; canvas.pixels[d + 2] = c.Blue
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// Feeds giflib from memory through its read callback.
private final class ByteSource {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
        let n = min(count, bytes.count - offset)
        guard n > 0 else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: n)
        offset += n
        return Int32(n)
    }
}
