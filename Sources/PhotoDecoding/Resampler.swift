/// Exact resize to a target pixel size. Shrinking averages every source pixel a destination
/// pixel covers (weighted by the fraction covered), so fine detail turns into its true mean
/// colour instead of shimmering as nearest-neighbour sampling does; enlarging interpolates
/// linearly. Separable: one horizontal pass, one vertical pass, 14-bit fixed-point weights.
public enum Resampler {
    public static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        precondition(width > 0 && height > 0)
        if width == image.width && height == image.height { return image }
        let columns = Taps(from: image.width, to: width)
        let rows = Taps(from: image.height, to: height)
        // Horizontal pass: image.height rows of `width` pixels.
        var across = [UInt8](repeating: 0, count: width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { src in
            across.withUnsafeMutableBufferPointer { dst in
                for y in 0 ..< image.height {
                    let srcRow = y * image.width * 3, dstRow = y * width * 3
                    for x in 0 ..< width {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                        for t in columns.range(x) {
                            let w = columns.weights[t], s = srcRow + columns.indices[t] * 3
                            r &+= w &* UInt32(src[s]); g &+= w &* UInt32(src[s + 1]); b &+= w &* UInt32(src[s + 2])
                        }
                        let d = dstRow + x * 3
                        dst[d] = Taps.round(r); dst[d + 1] = Taps.round(g); dst[d + 2] = Taps.round(b)
                    }
                }
            }
        }
        // Vertical pass: whole rows at a time, so the inner loop runs along memory.
        let rowLength = width * 3
        var out = [UInt32](repeating: 0, count: rowLength)
        var result = [UInt8](repeating: 0, count: width * height * 3)
        across.withUnsafeBufferPointer { src in
            result.withUnsafeMutableBufferPointer { dst in
                out.withUnsafeMutableBufferPointer { acc in
                    for y in 0 ..< height {
                        for i in 0 ..< rowLength { acc[i] = 0 }
                        for t in rows.range(y) {
                            let w = rows.weights[t], s = rows.indices[t] * rowLength
                            for i in 0 ..< rowLength { acc[i] &+= w &* UInt32(src[s + i]) }
                        }
                        let d = y * rowLength
                        for i in 0 ..< rowLength { dst[d + i] = Taps.round(acc[i]) }
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: result)
    }
}

/// For each destination index, the source indices it reads and their weights (sum = 1 << 14).
struct Taps {
    static let one: UInt32 = 1 << 14
    var indices: [Int] = []
    var weights: [UInt32] = []
    var starts: [Int] = [0]

    func range(_ i: Int) -> Range<Int> { starts[i] ..< starts[i + 1] }

    static func round(_ value: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: min((value + one / 2) >> 14, 255))
    }

    init(from source: Int, to destination: Int) {
        let scale = Double(source) / Double(destination)
        for d in 0 ..< destination {
            var taps: [(Int, Double)] = []
            if scale >= 1 {
                // Area: the source interval [d*scale, (d+1)*scale) and how much of each pixel it covers.
                let lo = Double(d) * scale, hi = lo + scale
                var s = Int(lo)
                while Double(s) < hi && s < source {
                    let cover = min(hi, Double(s + 1)) - max(lo, Double(s))
                    if cover > 1e-9 { taps.append((s, cover / scale)) }
                    s += 1
                }
            } else {
                // Linear between the two nearest source centres.
                let centre = (Double(d) + 0.5) * scale - 0.5
                let left = Int(centre.rounded(.down)), frac = centre - Double(left)
                taps = [(max(left, 0), 1 - frac), (min(left + 1, source - 1), frac)]
            }
            appendNormalised(taps)
        }
    }

    /// Fixed-point weights that add up to exactly `one`, so flat colours stay exact.
    private mutating func appendNormalised(_ taps: [(Int, Double)]) {
        var fixed = taps.map { UInt32(($0.1 * Double(Self.one)).rounded()) }
        let total = fixed.reduce(0, +)
        if let heaviest = fixed.indices.max(by: { fixed[$0] < fixed[$1] }) {
            fixed[heaviest] = fixed[heaviest] &+ Self.one &- total
        }
        for (tap, weight) in zip(taps, fixed) where weight > 0 {
            indices.append(tap.0)
            weights.append(weight)
        }
        starts.append(indices.count)
    }
}
