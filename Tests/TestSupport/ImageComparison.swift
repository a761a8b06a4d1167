import Foundation
import PhotoDecoding

/// How alike two images of the same size are.
public enum ImageComparison {
    /// Peak signal-to-noise ratio in dB over all channels; `.infinity` for identical images.
    /// Around 30 dB is visually faithful for photos; below 20 dB something is wrong.
    public static func psnr(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "compare images of one size")
        return psnr(a.pixels, b.pixels)
    }

    /// The same over two equally long byte buffers (e.g. packed RGB).
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty, "PSNR needs two equal, non-empty buffers")
        var sum = 0.0
        for (x, y) in zip(a, b) {
            let d = Double(x) - Double(y)
            sum += d * d
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean absolute difference per channel value, 0…255.
    public static func meanAbsoluteError(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "compare images of one size")
        var sum = 0
        for (x, y) in zip(a.pixels, b.pixels) { sum += abs(Int(x) - Int(y)) }
        return Double(sum) / Double(a.pixels.count)
    }

    /// The average colour of a rectangle, to check where things ended up after a rotation.
    public static func meanColour(_ image: RGBImage, x: Range<Int>, y: Range<Int>) -> (r: Double, g: Double, b: Double) {
        var r = 0, g = 0, b = 0
        for yy in y { for xx in x { let c = image[xx, yy]; r += Int(c.r); g += Int(c.g); b += Int(c.b) } }
        let n = Double(x.count * y.count)
        return (Double(r) / n, Double(g) / n, Double(b) / n)
    }
}
