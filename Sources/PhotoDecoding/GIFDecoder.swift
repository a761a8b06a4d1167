import CGif

/// GIF frames through giflib's record-level API: giflib's LZW decoder is decades-hardened
/// against hostile files, which beats writing our own, and the record API lets a still stop
/// after frame one instead of decoding a whole animation as DGifSlurp would.
enum GIFDecoder {
    /// The first frame.
    static func decode(_ bytes: UnsafeRawBufferPointer, background: RGB) throws -> RGBImage {
        guard let first = try frames(bytes, background: background, limit: 1).first else {
            throw DecodeError.corrupt("GIF has no image")
        }
        return first.image
    }

    /// Up to `limit` frames as they are shown, each the whole canvas after its frame is drawn
    /// and the one before disposed of as it asks, with its delay in milliseconds (0 and 10 ms
    /// play as 100 ms, as browsers do).
    static func frames(_ bytes: UnsafeRawBufferPointer, background: RGB, limit: Int) throws -> [AnimationFrame] {
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
        return try withExtendedLifetime(source) { try frames(gif, background: background, limit: limit) }
    }

    private static func frames(_ gif: UnsafeMutablePointer<GifFileType>, background: RGB, limit: Int) throws -> [AnimationFrame] {
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else { throw DecodeError.corrupt("GIF canvas has no size") }
        var canvas = RGBImage(width: width, height: height, filledWith: background)
        var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                           TransparentColor: NO_TRANSPARENT_COLOR)
        var frames: [AnimationFrame] = []
        while frames.count < limit {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                // A truncated animation plays the frames it has.
                if frames.count > 1 { return frames }
                throw DecodeError.corrupt(reason(gif.pointee.Error))
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
                let before = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
                let area = try draw(gif, on: &canvas, transparent: Int(control.TransparentColor))
                let delay = Int(control.DelayTime) <= 1 ? 100 : Int(control.DelayTime) * 10
                frames.append(AnimationFrame(image: canvas, delay: delay))
                switch control.DisposalMode {
                case DISPOSE_BACKGROUND: canvas.fill(area, with: background)
                case DISPOSE_PREVIOUS: if let before { canvas = before }
                default: break
                }
                control.DisposalMode = DISPOSAL_UNSPECIFIED
                control.TransparentColor = NO_TRANSPARENT_COLOR
                control.DelayTime = 0
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var gcb = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &gcb) == GIF_OK { control = gcb }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw DecodeError.corrupt(reason(gif.pointee.Error)) }
                }
            case TERMINATE_RECORD_TYPE:
                guard !frames.isEmpty else { throw DecodeError.corrupt("GIF has no image") }
                return frames
            default:
                continue
            }
        }
        return frames
    }

    /// Decodes the frame's lines (in interlaced pass order when needed) onto the canvas; returns
    /// the frame's rectangle (x, y, width, height) on it.
    private static func draw(_ gif: UnsafeMutablePointer<GifFileType>, on canvas: inout RGBImage,
                             transparent: Int) throws -> (Int, Int, Int, Int) {
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
        return (left, top, w, h)
    }

    private static func reason(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

extension RGBImage {
    /// The rectangle (x, y, width, height), clipped to the image, painted `colour`.
    mutating func fill(_ area: (Int, Int, Int, Int), with colour: RGB) {
        let (x, y, w, h) = area
        for row in max(0, y) ..< min(height, y + h) {
            for column in max(0, x) ..< min(width, x + w) {
                let d = (row * width + column) * 3
                pixels[d] = colour.r; pixels[d + 1] = colour.g; pixels[d + 2] = colour.b
            }
        }
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
