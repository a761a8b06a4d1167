import PhotoDecoding
import PhotoPagerBase

/// A sixel that goes out within a byte budget, for a slow link: a terminal draws a sixel pixel
/// for pixel, so sending fewer pixels would draw a smaller photo. What shrinks instead is what
/// the bytes spend themselves on: colours (each colour a band holds is a line of its own) and
/// detail (the photo at a fraction of its pixels, each drawn as a block: a band then holds fewer
/// distinct rows, and longer runs).
extension SixelEncoder {
    /// A step down the ladder: the photo at 1/`block` of its size each way, in `colours`.
    struct Coarseness: Equatable {
        var block: Int
        var colours: Int
        /// What this step's bytes typically are, as a share of the full sixel's: measured on the
        /// bench photos at 1200×760 (the share varies ±40% from photo to photo, so a step is
        /// tried, not trusted).
        var share: Double
    }

    /// From the full sixel down: bytes ×1, ~½, ~⅓, ~¼, ~⅕, ~⅒ (PSNR on the bench photos:
    /// 36–46, 32–45, 28–38, 27–38, 25–35, ~23 dB).
    static let ladder = [
        Coarseness(block: 1, colours: 256, share: 1),
        Coarseness(block: 1, colours: 64, share: 0.5),
        Coarseness(block: 2, colours: 64, share: 0.36),
        Coarseness(block: 2, colours: 32, share: 0.27),
        Coarseness(block: 3, colours: 32, share: 0.2),
        Coarseness(block: 4, colours: 16, share: 0.1),
    ]

    /// `image` as a sixel of at most `budget` bytes where the ladder reaches that (else its last
    /// step), always at `image`'s own pixel size. The full sixel is made first; the step its
    /// size predicts next, and the ones below it until one fits: two encodes for most photos.
    public func encode(_ image: RGBImage, cells: CellSize, withinBytes budget: Int) throws -> [UInt8] {
        let full = try encode(image, cells: cells)
        guard full.count > budget else { return full }
        let wanted = Double(budget) / Double(full.count)
        var step = Self.ladder.firstIndex { $0.share <= wanted } ?? Self.ladder.count - 1
        while true {
            let bytes = try Self.coarse(image, Self.ladder[step], cells: cells)
            if bytes.count <= budget || step == Self.ladder.count - 1 { return bytes }
            step += 1
        }
    }

    static func coarse(_ image: RGBImage, _ step: Coarseness, cells: CellSize) throws -> [UInt8] {
        let encoder = SixelEncoder(options: SixelOptions(colors: step.colours))
        guard step.block > 1 else { return try encoder.encode(image, cells: cells) }
        let small = Resampler.resize(image, width: (image.width + step.block - 1) / step.block,
                                     height: (image.height + step.block - 1) / step.block)
        return try encoder.encode(blocks(of: small, block: step.block, width: image.width, height: image.height), cells: cells)
    }

    /// `small` drawn with each pixel a `block`×`block` square, cut to `width`×`height`.
    static func blocks(of small: RGBImage, block: Int, width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            small.pixels.withUnsafeBufferPointer { src in
                for y in 0 ..< height {
                    let from = min(small.height - 1, y / block) * small.width * 3
                    var o = y * width * 3
                    for x in 0 ..< width {
                        let s = from + min(small.width - 1, x / block) * 3
                        out[o] = src[s]; out[o + 1] = src[s + 1]; out[o + 2] = src[s + 2]
                        o += 3
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
