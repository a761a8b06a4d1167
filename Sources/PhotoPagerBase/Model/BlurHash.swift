import Glibc

/// Decodes a BlurHash (the compact blurred preview in Unsplash's `blur_hash`) into a tiny RGB
/// picture, so a photo still loading shows its shapes and colours instead of a flat block.
/// Follows the reference algorithm (woltapp/blurhash): base-83 digits, a DC colour and AC
/// cosine components, in linear light.
public enum BlurHash {
    /// `width × height` pixels, row-major `(r, g, b)`; nil for a malformed hash.
    public static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1)
        -> [(r: UInt8, g: UInt8, b: UInt8)]? {
        let digits = Array(hash.utf8)
        guard digits.count >= 6, width > 0, height > 0, width * height <= 1 << 20,
              let size = value(digits[0 ..< 1]) else { return nil }
        let componentsX = size % 9 + 1, componentsY = size / 9 + 1
        guard digits.count == 4 + 2 * componentsX * componentsY,
              let quantisedMaximum = value(digits[1 ..< 2]), let dc = value(digits[2 ..< 6]) else { return nil }
        let maximum = Double(quantisedMaximum + 1) / 166 * punch
        var colours: [(Double, Double, Double)] = [(linear(dc >> 16), linear(dc >> 8 & 255), linear(dc & 255))]
        for i in 1 ..< componentsX * componentsY {
            guard let ac = value(digits[4 + i * 2 ..< 6 + i * 2]) else { return nil }
            func component(_ q: Int) -> Double {
                let v = Double(q - 9) / 9
                return (v < 0 ? -1 : 1) * v * v * maximum
            }
            colours.append((component(ac / (19 * 19)), component(ac / 19 % 19), component(ac % 19)))
        }
        // Cosine tables: one per axis, reused for every pixel.
        let cosX = (0 ..< width).map { x in (0 ..< componentsX).map { cos(Double.pi * Double(x * $0) / Double(width)) } }
        let cosY = (0 ..< height).map { y in (0 ..< componentsY).map { cos(Double.pi * Double(y * $0) / Double(height)) } }
        var pixels: [(r: UInt8, g: UInt8, b: UInt8)] = []
        pixels.reserveCapacity(width * height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                var r = 0.0, g = 0.0, b = 0.0
                for j in 0 ..< componentsY {
                    for i in 0 ..< componentsX {
                        let basis = cosX[x][i] * cosY[y][j], c = colours[i + j * componentsX]
                        r += c.0 * basis; g += c.1 * basis; b += c.2 * basis
                    }
                }
                pixels.append((sRGB(r), sRGB(g), sRGB(b)))
            }
        }
        return pixels
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let digitValues: [UInt8: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    private static func value(_ digits: ArraySlice<UInt8>) -> Int? {
        var result = 0
        for digit in digits {
            guard let v = digitValues[digit] else { return nil }
            result = result * 83 + v
        }
        return result
    }

    private static func linear(_ value: Int) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    private static func sRGB(_ value: Double) -> UInt8 {
        let v = min(max(value, 0), 1)
        let encoded = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, Int(encoded * 255 + 0.5))))
    }
}
