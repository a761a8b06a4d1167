/// Exact resize to a target pixel size. Shrinking averages every source pixel a destination
/// pixel covers (weighted by the fraction covered), so fine detail turns into its true mean
/// colour instead of shimmering as nearest-neighbour sampling does; enlarging interpolates
/// linearly. Separable: one horizontal pass, one vertical pass, 14-bit fixed-point weights.
public enum Resampler {
    public static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        precondition(width > 0 && height > 0)
        if width == image.width && height == image.height { return image }
        // The filters read at least two neighbours; a one-pixel-wide or -tall source becomes two
        // identical pixels, which resample to exactly the same colours.
        if image.width == 1 || image.height == 1 { return resize(doubled(image), width: width, height: height) }
        let columns = Taps(from: image.width, to: width)
        let rows = Taps(from: image.height, to: height)
        // Vertical pass first, into `down` (target height × source width): it runs along whole
        // rows and vectorises, and it leaves the scalar horizontal pass fewer rows when
        // shrinking. Each pass is split by rows over the cores.
        let down = SharedBuffer<UInt8>(count: image.width * height * 3)
        defer { down.base.deallocate() }
        image.pixels.withUnsafeBufferPointer { pixels in
            let source = SharedBuffer<UInt8>(base: UnsafeMutablePointer(mutating: pixels.baseAddress!), count: pixels.count)
            ParallelRows.forEach(height, minimumRows: 64) { _, band in
                for y in band { vertical(source.base, rowLength: image.width * 3, row: y, taps: rows, into: down.base) }
            }
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, initialised in
            let result = SharedBuffer<UInt8>(base: buffer.baseAddress!, count: buffer.count)
            ParallelRows.forEach(height, minimumRows: 64) { _, band in
                for y in band {
                    horizontal(down.base + y * image.width * 3, into: result.base + y * width * 3, taps: columns)
                }
            }
            initialised = buffer.count
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func doubled(_ image: RGBImage) -> RGBImage {
        let w = image.width == 1 ? 2 : image.width, h = image.height == 1 ? 2 : image.height
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0 ..< h {
            for x in 0 ..< w {
                let c = image[min(x, image.width - 1), min(y, image.height - 1)], d = (y * w + x) * 3
                pixels[d] = c.r; pixels[d + 1] = c.g; pixels[d + 2] = c.b
            }
        }
        return RGBImage(width: w, height: h, pixels: pixels)
    }

    /// One row of RGB pixels resampled across. The common shrink factors need two or three
    /// taps per pixel, so those get straight-line code; anything wider takes the loop.
    static func horizontal(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, taps: Taps) {
        taps.withBuffers { first, weights in
            let n = taps.perDestination
            var d = dst
            for x in 0 ..< first.count {
                let s = src + Int(first[x]) * 3, w = weights.baseAddress! + x * n
                let w0 = w[0], w1 = w[1]
                var r = w0 &* UInt32(s[0]) &+ w1 &* UInt32(s[3])
                var g = w0 &* UInt32(s[1]) &+ w1 &* UInt32(s[4])
                var b = w0 &* UInt32(s[2]) &+ w1 &* UInt32(s[5])
                if n > 2 {
                    let w2 = w[2]
                    r &+= w2 &* UInt32(s[6]); g &+= w2 &* UInt32(s[7]); b &+= w2 &* UInt32(s[8])
                    for k in 3 ..< n {
                        let wk = w[k], sk = s + k * 3
                        r &+= wk &* UInt32(sk[0]); g &+= wk &* UInt32(sk[1]); b &+= wk &* UInt32(sk[2])
                    }
                }
                d[0] = Taps.round(r); d[1] = Taps.round(g); d[2] = Taps.round(b)
                d += 3
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
        // At least two taps so the two-tap code paths never read a missing weight; never more
        // than the source has, so the window always fits inside it.
        let widest = scale >= 1 ? Int(scale.rounded(.up)) + 1 : 2
        perDestination = min(max(2, widest), max(source, 2))
        first.reserveCapacity(destination)
        weights.reserveCapacity(destination * perDestination)
        var span = [Double](repeating: 0, count: perDestination)
        for d in 0 ..< destination {
            for k in span.indices { span[k] = 0 }
            var start: Int
            if scale >= 1 {
                // Area: the source interval [d*scale, (d+1)*scale) and how much of each pixel it covers.
                let lo = Double(d) * scale, hi = min(lo + scale, Double(source))
                start = min(Int(lo), source - 1)
                if start + perDestination > source { start = max(0, source - perDestination) }
                for k in 0 ..< perDestination {
                    let s = Double(start + k)
                    span[k] = max(0, min(hi, s + 1) - max(lo, s)) / scale
                }
            } else {
                // Linear between the two nearest source centres (clamped at the edges).
                let centre = min(max((Double(d) + 0.5) * scale - 0.5, 0), Double(source - 1))
                start = min(Int(centre), max(0, source - perDestination))
                let fraction = centre - Double(start)
                span[0] = 1 - fraction
                if perDestination > 1 { span[1] = fraction }
            }
            first.append(Int32(start))
            weights += Self.fixedPoint(span)
        }
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
