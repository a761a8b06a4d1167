import PhotoDecoding

/// Maps pixels to their nearest palette entry through a cache of 32 768 colour bins (5 bits per
/// channel). The search runs once per bin, from the bin's centre, so the answer depends only
/// on the bin: two mappers on two threads agree pixel for pixel.
///
/// Before the lookup each pixel is nudged by an 8×8 Bayer threshold of about one bin: smooth
/// skies then blend between neighbouring palette entries instead of breaking into bands, and
/// because the pattern is fixed to the pixel position, a redrawn photo does not shimmer.
struct PaletteMapper {
    private let palette: [RGB]
    private var cache: [UInt16]
    private static let empty: UInt16 = .max

    init(palette: [RGB]) {
        precondition(!palette.isEmpty && palette.count <= 256)
        self.palette = palette
        cache = [UInt16](repeating: Self.empty, count: 1 << 15)
    }

    /// The palette index of every pixel in rows `rows` of `image`, written to `indices` (one byte
    /// per pixel, same layout), plus the per-entry sums of the pixels mapped there: the means
    /// make a better palette than the median cut's box centres.
    mutating func map(_ image: RGBImage, rows: Range<Int>, into indices: UnsafeMutablePointer<UInt8>,
                      sums: inout [Int]) {
        let palette = self.palette
        cache.withUnsafeMutableBufferPointer { cache in
            image.pixels.withUnsafeBufferPointer { src in
                sums.withUnsafeMutableBufferPointer { sums in
                    Self.bayer.withUnsafeBufferPointer { bayer in
                        for y in rows {
                            let nudges = bayer.baseAddress! + (y & 7) << 3
                            for x in 0 ..< image.width {
                                let p = y * image.width + x
                                let r = src[p * 3], g = src[p * 3 + 1], b = src[p * 3 + 2]
                                let nudge = nudges[x & 7]
                                let key = Self.bin(r, nudge) << 10 | Self.bin(g, nudge) << 5 | Self.bin(b, nudge)
                                var index = cache[key]
                                if index == Self.empty {
                                    index = UInt16(Self.nearest(to: (r & 0xF8 | 4, g & 0xF8 | 4, b & 0xF8 | 4), in: palette))
                                    cache[key] = index
                                }
                                indices[p] = UInt8(truncatingIfNeeded: index)
                                let s = Int(index) * 4
                                sums[s] &+= Int(r); sums[s + 1] &+= Int(g); sums[s + 2] &+= Int(b); sums[s + 3] &+= 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// The 5-bit bin of `value` moved by `nudge` (−4…+3 levels), clamped.
    @inline(__always)
    static func bin(_ value: UInt8, _ nudge: Int8) -> Int {
        min(max(Int(value) + Int(nudge), 0), 255) >> 3
    }

    /// Bayer's 8×8 ordered-dither matrix scaled to −4…+3: one 5-bit bin wide.
    static let bayer: [Int8] = {
        var m: [Int] = [0]
        var size = 1
        while size < 8 {                 // M(2n) = [4M, 4M+2; 4M+3, 4M+1]
            var next = [Int](repeating: 0, count: 4 * size * size)
            for y in 0 ..< size {
                for x in 0 ..< size {
                    let v = 4 * m[y * size + x]
                    next[y * 2 * size + x] = v
                    next[y * 2 * size + x + size] = v + 2
                    next[(y + size) * 2 * size + x] = v + 3
                    next[(y + size) * 2 * size + x + size] = v + 1
                }
            }
            m = next
            size *= 2
        }
        return m.map { Int8($0 / 8 - 4) }
    }()

    /// Nearest by squared distance weighted for the eye (green counts most, blue least).
    static func nearest(to c: (UInt8, UInt8, UInt8), in palette: [RGB]) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, p) in palette.enumerated() {
            let dr = Int(c.0) - Int(p.r), dg = Int(c.1) - Int(p.g), db = Int(c.2) - Int(p.b)
            let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if distance < bestDistance { best = i; bestDistance = distance }
        }
        return best
    }

    /// Each entry moved to the mean of the pixels that chose it (one k-means step); unused
    /// entries stay as they were.
    static func refined(_ palette: [RGB], sums: [Int]) -> [RGB] {
        palette.enumerated().map { i, colour in
            let n = sums[i * 4 + 3]
            guard n > 0 else { return colour }
            func mean(_ s: Int) -> UInt8 { UInt8((s + n / 2) / n) }
            return RGB(r: mean(sums[i * 4]), g: mean(sums[i * 4 + 1]), b: mean(sums[i * 4 + 2]))
        }
    }
}
