import PhotoDecoding

/// Maps pixels to their nearest palette entry (squared RGB distance, the error PSNR counts)
/// through a cache of 262 144 colour bins (6 bits per channel: the bin's own rounding costs at
/// most ±2 levels, against ±4 with 5 bits, which alone held PSNR under 41 dB). The search runs
/// once per bin, from the bin's centre, so the answer depends only on the bin: two mappers on
/// two threads agree pixel for pixel.
///
/// No dithering: on photos it lowers PSNR, and with all 256 registers well placed skies no
/// longer band visibly.
struct PaletteMapper {
    private let search: NearestColour
    private let palette: [RGB]
    /// Per 6-bit bin: the two entries nearest its centre (first << 8 | second), or `empty`
    /// (never a real pair: the two are distinct entries, or both 0 for a one-colour palette).
    private var cache: [UInt16]
    private static let empty: UInt16 = .max

    init(palette: [RGB]) {
        precondition(!palette.isEmpty && palette.count <= 256)
        self.palette = palette
        search = NearestColour(palette)
        cache = [UInt16](repeating: Self.empty, count: 1 << 18)
    }

    /// The palette index of every pixel in rows `rows` of `image`, written to `indices` (one byte
    /// per pixel, same layout), plus the per-entry sums of the pixels mapped there: their means
    /// are a better palette still (one exact k-means step over the pixels themselves).
    mutating func map(_ image: RGBImage, rows: Range<Int>, into indices: UnsafeMutablePointer<UInt8>,
                      sums: inout [Int]) {
        let search = self.search
        let entries = palette.flatMap { [Int($0.r), Int($0.g), Int($0.b)] }
        entries.withUnsafeBufferPointer { flat in
        cache.withUnsafeMutableBufferPointer { cache in
            image.pixels.withUnsafeBufferPointer { src in
                sums.withUnsafeMutableBufferPointer { sums in
                    for p in rows.lowerBound * image.width ..< rows.upperBound * image.width {
                        let r = src[p * 3], g = src[p * 3 + 1], b = src[p * 3 + 2]
                        let key = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
                        var pair = cache[key]
                        if pair == Self.empty {
                            let two = search.nearestTwo(Int(r & 0xFC | 2), Int(g & 0xFC | 2), Int(b & 0xFC | 2))
                            pair = UInt16(two.0) << 8 | UInt16(two.1)
                            cache[key] = pair
                        }
                        // The bin's centre may sit on the other side of a boundary than the
                        // pixel: of its two nearest entries, the pixel takes its own nearer one.
                        let first = Int(pair >> 8), second = Int(pair & 0xFF)
                        let index = Self.distance(flat, first, r, g, b) <= Self.distance(flat, second, r, g, b) ? first : second
                        indices[p] = UInt8(truncatingIfNeeded: index)
                        let s = Int(index) * 4
                        sums[s] &+= Int(r); sums[s + 1] &+= Int(g); sums[s + 2] &+= Int(b); sums[s + 3] &+= 1
                    }
                }
            }
        }
        }
    }

    @inline(__always)
    private static func distance(_ flat: UnsafeBufferPointer<Int>, _ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let dr = flat[i * 3] - Int(r), dg = flat[i * 3 + 1] - Int(g), db = flat[i * 3 + 2] - Int(b)
        return dr * dr + dg * dg + db * db
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
