import CWebP
import CWebPDemux

/// WebP through libwebp, whose decoder scales while it decodes (an area-averaging rescaler),
/// so the result already has the exact size asked for.
enum WebPDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, size: (width: Int, height: Int),
                       background: RGB) throws -> RGBImage {
        let data = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw DecodeError.unsupported("libwebp version mismatch") }
        guard WebPGetFeatures(data, bytes.count, &config.input) == VP8_STATUS_OK else {
            throw DecodeError.corrupt("bad WebP bitstream")
        }
        if config.input.has_animation != 0 {
            return try firstFrame(bytes, background: background)
        }
        let hasAlpha = config.input.has_alpha != 0
        config.output.colorspace = hasAlpha ? MODE_RGBA : MODE_RGB
        config.options.use_threads = 1
        if size.width != Int(config.input.width) || size.height != Int(config.input.height) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        let status = WebPDecode(data, bytes.count, &config)
        defer { WebPFreeDecBuffer(&config.output) }
        guard status == VP8_STATUS_OK else {
            throw status == VP8_STATUS_NOT_ENOUGH_DATA
                ? DecodeError.truncated("WebP data ends early") : DecodeError.corrupt("WebP status \(status.rawValue)")
        }
        let w = Int(config.output.width), h = Int(config.output.height)
        let rgba = config.output.u.RGBA
        let channels = hasAlpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0 ..< h {
                let row = rgba.rgba + y * Int(rgba.stride)
                for x in 0 ..< w {
                    let s = row + x * channels, d = (y * w + x) * 3
                    if hasAlpha {
                        let a = UInt32(s[3])
                        out[d] = AlphaBlend.over(UInt32(s[0]), background.r, a)
                        out[d + 1] = AlphaBlend.over(UInt32(s[1]), background.g, a)
                        out[d + 2] = AlphaBlend.over(UInt32(s[2]), background.b, a)
                    } else {
                        out[d] = s[0]; out[d + 1] = s[1]; out[d + 2] = s[2]
                    }
                }
            }
        }
        return RGBImage(width: w, height: h, pixels: pixels)
    }
}

extension WebPDecoder {
    /// An animated WebP's first frame, as WebPAnimDecoder composes it on the canvas (frames may
    /// cover only part of it), at the canvas size; the caller resizes.
    static func firstFrame(_ bytes: UnsafeRawBufferPointer, background: RGB) throws -> RGBImage {
        try frames(bytes, background: background, limit: 1)[0].image
    }

    /// Whether the file is an animation (its features say so before anything is decoded).
    static func isAnimated(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var features = WebPBitstreamFeatures()
        return WebPGetFeatures(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &features) == VP8_STATUS_OK
            && features.has_animation != 0
    }

    /// Up to `limit` frames, each the whole canvas as WebPAnimDecoder composes it, with its
    /// delay in milliseconds (from the timestamps; 0 plays as 100 ms, as browsers do).
    static func frames(_ bytes: UnsafeRawBufferPointer, background: RGB, limit: Int) throws -> [AnimationFrame] {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw DecodeError.unsupported("libwebpdemux version mismatch") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw DecodeError.corrupt("bad animated WebP") }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 0 else {
            throw DecodeError.corrupt("animated WebP without frames")
        }
        let w = Int(info.canvas_width), h = Int(info.canvas_height)
        var frames: [AnimationFrame] = []
        var last: Int32 = 0
        while frames.count < limit, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var canvas: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                if frames.count > 1 { break }               // a truncated animation plays what it has
                throw DecodeError.corrupt("animated WebP: the first frame does not decode")
            }
            let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 3) { out, initialised in
                for i in 0 ..< w * h {
                    let a = UInt32(canvas[i * 4 + 3])
                    out[i * 3] = AlphaBlend.over(UInt32(canvas[i * 4]), background.r, a)
                    out[i * 3 + 1] = AlphaBlend.over(UInt32(canvas[i * 4 + 1]), background.g, a)
                    out[i * 3 + 2] = AlphaBlend.over(UInt32(canvas[i * 4 + 2]), background.b, a)
                }
                initialised = w * h * 3
            }
            // A frame's timestamp is when it ends: the time since the one before is its delay.
            frames.append(AnimationFrame(image: RGBImage(width: w, height: h, pixels: pixels),
                                         delay: Self.delay(Int(timestamp - last))))
            last = timestamp
        }
        return frames
    }

    private static func delay(_ milliseconds: Int) -> Int { milliseconds <= 10 ? 100 : milliseconds }
}

/// Straight (non-premultiplied) alpha composited over an opaque background.
enum AlphaBlend {
    @inline(__always)
    static func over(_ foreground: UInt32, _ background: UInt8, _ alpha: UInt32) -> UInt8 {
        UInt8((foreground * alpha + UInt32(background) * (255 - alpha) + 127) / 255)
    }

    /// Premultiplied colour over `background`: colour + background × (1 − alpha).
    @inline(__always)
    static func overPremultiplied(_ foreground: UInt32, _ background: UInt8, _ alpha: UInt32) -> UInt8 {
        UInt8(min(255, foreground + (UInt32(background) * (255 - alpha) + 127) / 255))
    }

    /// Packed RGBA → RGB, alpha ignored (a file that says it has none).
    static func dropAlpha(_ rgba: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rgba.count / 4 * 3) { out, initialised in
            rgba.withUnsafeBufferPointer { src in
                for p in 0 ..< src.count / 4 {
                    out[p * 3] = src[p * 4]; out[p * 3 + 1] = src[p * 4 + 1]; out[p * 3 + 2] = src[p * 4 + 2]
                }
            }
            initialised = rgba.count / 4 * 3
        }
    }

    /// Packed RGBA → RGB over `background`.
    static func flatten(rgba: [UInt8], over background: RGB) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: rgba.count / 4 * 3)
        rgba.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { dst in
                for p in 0 ..< src.count / 4 {
                    let a = UInt32(src[p * 4 + 3])
                    dst[p * 3] = over(UInt32(src[p * 4]), background.r, a)
                    dst[p * 3 + 1] = over(UInt32(src[p * 4 + 1]), background.g, a)
                    dst[p * 3 + 2] = over(UInt32(src[p * 4 + 2]), background.b, a)
                }
            }
        }
        return rgb
    }
}
