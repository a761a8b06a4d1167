import CTurboJPEG
import PhotoDecoding

/// RGB pixels → baseline JPEG bytes through libturbojpeg, for iTerm2 inline images: a photo at
/// its target size is a fraction of its PNG (measured in the issue-7 note), and the decoded
/// pixels never carry alpha (it is composited at decode), so PNG's losslessness buys nothing
/// a viewer can see at quality 90.
public enum JPEGWriter {
    public static let defaultQuality: Int32 = 90

    /// `fullChroma`: no colour subsampling and the accurate DCT, for small images kept to be
    /// shown again (thumbnails), where 4:2:0 smears the colour edges of a 200-pixel photo.
    public static func encode(_ image: RGBImage, quality: Int32 = defaultQuality, fullChroma: Bool = false) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw TerminalGraphicsError.jpeg(message: "tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &buffer, &size, Int32((fullChroma ? TJSAMP_444 : TJSAMP_420).rawValue), quality,
                        Int32(fullChroma ? TJFLAG_ACCURATEDCT : TJFLAG_FASTDCT))
        }
        defer { tjFree(buffer) }
        guard status == 0, let buffer else {
            throw TerminalGraphicsError.jpeg(message: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
