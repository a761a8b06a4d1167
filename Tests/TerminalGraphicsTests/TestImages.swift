import Foundation
import PhotoDecoding

/// Synthetic pictures for the encoder tests: deterministic, noise-free, and shaped like the things
/// that break encoders (smooth gradients for banding, hard colour edges for bleeding, odd sizes for
/// off-by-ones).
enum TestImages {
    /// Red rising left→right, green top→bottom, blue constant: every pixel differs from its
    /// neighbours, so a swapped channel, a flipped axis or a shifted row shows at once.
    static func gradient(width: Int, height: Int) -> RGBImage {
        makeImage(width: width, height: height) { x, y in
            (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 96)
        }
    }

    /// Eight vertical SMPTE-like bars: hard edges between saturated colours.
    static let barColours: [RGB] = [
        RGB(r: 255, g: 255, b: 255), RGB(r: 255, g: 255, b: 0), RGB(r: 0, g: 255, b: 255), RGB(r: 0, g: 255, b: 0),
        RGB(r: 255, g: 0, b: 255), RGB(r: 255, g: 0, b: 0), RGB(r: 0, g: 0, b: 255), RGB(r: 0, g: 0, b: 0),
    ]

    static func colourBars(width: Int, height: Int) -> RGBImage {
        makeImage(width: width, height: height) { x, _ in
            let c = barColours[x * barColours.count / width]
            return (c.r, c.g, c.b)
        }
    }

    /// A landscape-ish scene: a sky gradient, a soft sun, two rolling hills with shading, and a
    /// lake reflecting the sky. Smooth areas and soft edges, like a real photo without its noise.
    static func photoLike(width: Int, height: Int) -> RGBImage {
        let w = Double(width), h = Double(height)
        return makeImage(width: width, height: height) { xi, yi in
            let x = Double(xi) / w, y = Double(yi) / h
            // Sky: deep blue at the top to warm haze at the horizon.
            var r = 40 + 180 * y, g = 80 + 120 * y, b = 200 - 40 * y
            // Sun with a soft glow.
            let d = hypot(x - 0.72, (y - 0.25) * h / w)
            let glow = max(0, 1 - d / 0.18)
            r += 120 * glow * glow; g += 100 * glow * glow; b += 40 * glow * glow
            // Hills: two sine ridges, the nearer one darker, shaded by slope.
            let far = 0.55 + 0.06 * sin(x * 7.0 + 1.0)
            let near = 0.68 + 0.08 * sin(x * 4.3 + 2.5)
            if y > far {
                let shade = 0.7 + 0.3 * cos(x * 7.0 + 1.0)
                r = 70 * shade + 30 * (y - far); g = 110 * shade + 40 * (y - far); b = 60 * shade
            }
            if y > near {
                let shade = 0.6 + 0.4 * cos(x * 4.3 + 2.5)
                r = 40 * shade + 60 * (y - near); g = 80 * shade + 50 * (y - near); b = 30 * shade
            }
            // Lake: the sky mirrored and darkened.
            if y > 0.85 {
                let m = 1.7 - y
                r = (40 + 180 * m) * 0.6; g = (80 + 120 * m) * 0.65; b = (200 - 40 * m) * 0.8
            }
            return (clampByte(r), clampByte(g), clampByte(b))
        }
    }

    static func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                let i = (y * width + x) * 3
                pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func clampByte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
}

