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
        // Horizontal pass into `across` (source height × target width), then vertical; each
        // pass split by rows over the cores.
        let across = SharedBuffer<UInt8>(count: width * image.height * 3)
        defer { across.base.deallocate() }
        ParallelRows.forEach(image.height, minimumRows: 64) { _, band in
            image.pixels.withUnsafeBufferPointer { src in
                for y in band {
                    horizontal(src.baseAddress! + y * image.width * 3, into: across.base + y * width * 3, taps: columns)
                }
            }
        }
        let result = SharedBuffer<UInt8>(count: width * height * 3)
        ParallelRows.forEach(height, minimumRows: 64) { _, band in
            for y in band { vertical(across.base, rowLength: width * 3, row: y, taps: rows, into: result.base) }
        }
        return RGBImage(width: width, height: height, pixels: result.finish())
    }

    /// One row of RGB pixels resampled across. The common shrink factors need two or three
    /// taps per pixel, so those get straight-line code; anything wider takes the loop.
    static func horizontal(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, taps: Taps) {
        taps.withBuffers { first, weights in
            let n = taps.perDestination
            for x in 0 ..< first.count {
                let s = src + Int(first[x]) * 3, w = weights.baseAddress! + x * n, d = dst + x * 3
                for c in 0 ..< 3 {
                    var sum = w[0] &* UInt32(s[c]) &+ w[1] &* UInt32(s[3 + c])
                    if n > 2 {
                        sum &+= w[2] &* UInt32(s[6 + c])
                        if n > 3 { for k in 3 ..< n { sum &+= w[k] &* UInt32(s[k * 3 + c]) } }
                    }
                    d[c] = Taps.round(sum)
                }
            }
        }
    }

    /// Output row `row` blended from whole source rows, so the loops run along memory and
    /// vectorise.
    static func vertical(_ src: UnsafeMutablePointer<UInt8>, rowLength: Int, row: Int, taps: Taps,
                         into dst: UnsafeMutablePointer<UInt8>) {
        taps.withBuffers { first, weights in
            let n = taps.perDestination
            let out = dst + row * rowLength
            let top = src + Int(first[row]) * rowLength
            let w = weights.baseAddress! + row * n
            let (w0, w1) = (w[0], w[1])
            let next = top + rowLength
            if n == 2 {
                for i in 0 ..< rowLength { out[i] = Taps.round(w0 &* UInt32(top[i]) &+ w1 &* UInt32(next[i])) }
                return
            }
            if n == 3 {
                let w2 = w[2], third = next + rowLength
                for i in 0 ..< rowLength {
                    out[i] = Taps.round(w0 &* UInt32(top[i]) &+ w1 &* UInt32(next[i]) &+ w2 &* UInt32(third[i]))
                }
                return
            }
            for i in 0 ..< rowLength {
                var sum = w0 &* UInt32(top[i]) &+ w1 &* UInt32(next[i])
                for k in 2 ..< n { sum &+= w[k] &* UInt32(top[k * rowLength + i]) }
                out[i] = Taps.round(sum)
            }
        }
    }
}

/// For each destination index: the first of `perDestination` consecutive source indices it
/// reads, and their weights (14-bit fixed point, summing to exactly 1 << 14; zero-padded).
struct Taps {
    static let one: UInt32 = 1 << 14
    private(set) var first: [Int32] = []
    private(set) var weights: [UInt32] = []
    let perDestination: Int

    func withBuffers<R>(_ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt32>) -> R) -> R {
        first.withUnsafeBufferPointer { f in weights.withUnsafeBufferPointer { w in body(f, w) } }
    }

    @inline(__always)
    static func round(_ value: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: min((value &+ one / 2) >> 14, 255))
    }

    init(from source: Int, to destination: Int) {
        let scale = Double(source) / Double(destination)
        let spans = (0 ..< destination).map { Self.span(for: $0, scale: scale, source: source) }
        // At least two taps so the two-tap code paths never read a missing weight; never more
        // than the source has, so the window always fits inside it.
        perDestination = min(max(2, spans.map(\.weights.count).max() ?? 1), max(source, 2))
        for span in spans {
            var start = span.first, padded = span.weights
            while padded.count < perDestination { padded.append(0) }
            if start + perDestination > source {                    // slide the window left
                let shift = min(start, start + perDestination - source)
                start -= shift
                padded = Array(repeating: 0, count: shift) + padded.prefix(perDestination - shift)
            }
            first.append(Int32(start))
            weights += Self.fixedPoint(padded)
        }
    }

    /// The contiguous source run destination `d` reads, with real-valued weights.
    private static func span(for d: Int, scale: Double, source: Int) -> (first: Int, weights: [Double]) {
        if scale >= 1 {
            // Area: the source interval [d*scale, (d+1)*scale) and how much of each pixel it covers.
            let lo = Double(d) * scale, hi = lo + scale
            var s = Int(lo), weights: [Double] = []
            var start = s
            while Double(s) < hi && s < source {
                let cover = min(hi, Double(s + 1)) - max(lo, Double(s))
                if cover > 1e-9 { weights.append(cover / scale) } else if weights.isEmpty { start = s + 1 }
                s += 1
            }
            return (start, weights)
        }
        // Linear between the two nearest source centres (one at the edges).
        let centre = (Double(d) + 0.5) * scale - 0.5
        let left = Int(centre.rounded(.down)), fraction = centre - Double(left)
        if left < 0 { return (0, [1]) }
        if left >= source - 1 { return (source - 1, [1]) }
        return (left, [1 - fraction, fraction])
    }

    /// Fixed-point weights that add up to exactly `one`, so flat colours stay exact.
    private static func fixedPoint(_ weights: [Double]) -> [UInt32] {
        var fixed = weights.map { UInt32(($0 * Double(one)).rounded()) }
        let total = fixed.reduce(0, +)
        if let heaviest = fixed.indices.max(by: { fixed[$0] < fixed[$1] }) {
            fixed[heaviest] = fixed[heaviest] &+ one &- total
        }
        return fixed
    }
}
