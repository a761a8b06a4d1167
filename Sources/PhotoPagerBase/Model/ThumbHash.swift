import FoundationEssentials
import Glibc

/// Decodes a ThumbHash (Evan Wallace's placeholder format, which Immich sends as an asset's
/// `thumbhash`): ~25 bytes holding a photo's average colour, its aspect ratio, a few cosine
/// components of luminance and colour in an LPQ space, and an optional alpha channel. Shown
/// while the real thumbnail loads, as a BlurHash is for Unsplash. Follows the reference
/// decoder (evanw/thumbhash); the cosines can be evaluated at any size, so a tile gets its own
/// pixels rather than a 32-pixel picture stretched.
public struct ThumbHash: Sendable, Equatable {
    /// The average colour, 0…1, not premultiplied.
    public let average: (r: Double, g: Double, b: Double, a: Double)
    /// Width over height, as the hash says (to a seventh).
    public let aspectRatio: Double

    private let lDC, pDC, qDC, aDC: Double
    private let lx, ly: Int
    private let hasAlpha: Bool
    private let lAC, pAC, qAC, aAC: [Double]

    /// nil when the bytes are too short for what their header announces.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 5 else { return nil }
        let header24 = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
        let header16 = Int(bytes[3]) | Int(bytes[4]) << 8
        lDC = Double(header24 & 63) / 63
        pDC = Double(header24 >> 6 & 63) / 31.5 - 1
        qDC = Double(header24 >> 12 & 63) / 31.5 - 1
        let lScale = Double(header24 >> 18 & 31) / 31
        hasAlpha = header24 >> 23 != 0
        let pScale = Double(header16 >> 3 & 63) / 63, qScale = Double(header16 >> 9 & 63) / 63
        let isLandscape = header16 >> 15 != 0
        let lMaximum = hasAlpha ? 5 : 7, lMinimum = header16 & 7
        lx = max(3, isLandscape ? lMaximum : lMinimum)
        ly = max(3, isLandscape ? lMinimum : lMaximum)
        aspectRatio = Double(isLandscape ? lMaximum : lMinimum) / Double(isLandscape ? lMinimum : lMaximum)
        var at = 5
        if hasAlpha {
            guard bytes.count > 5 else { return nil }
            aDC = Double(bytes[5] & 15) / 15
            at = 6
        } else {
            aDC = 1
        }
        let aScale = hasAlpha ? Double(bytes[5] >> 4) / 15 : 1
        // The AC components, four bits each, low nibble first, channel after channel; the
        // colour ones boosted by 1.25 against quantisation, as the reference does.
        var nibble = 0
        func channel(_ nx: Int, _ ny: Int, _ scale: Double) -> [Double]? {
            var ac: [Double] = []
            for cy in 0 ..< ny {
                var cx = cy > 0 ? 0 : 1
                while cx * ny < nx * (ny - cy) {
                    let index = at + nibble / 2
                    guard index < bytes.count else { return nil }
                    let bits = nibble % 2 == 0 ? bytes[index] & 15 : bytes[index] >> 4
                    nibble += 1
                    ac.append((Double(bits) / 7.5 - 1) * scale)
                    cx += 1
                }
            }
            return ac
        }
        guard let l = channel(lx, ly, lScale), let p = channel(3, 3, pScale * 1.25), let q = channel(3, 3, qScale * 1.25),
              let a = hasAlpha ? channel(5, 5, aScale) : []
        else { return nil }
        (lAC, pAC, qAC, aAC) = (l, p, q, a)
        let (r, g, b) = Self.rgb(l: lDC, p: pDC, q: qDC)
        average = (min(1, max(0, r)), min(1, max(0, g)), min(1, max(0, b)), aDC)
    }

    /// From the base64 text an API sends; nil when it is not base64 or not a ThumbHash.
    public init?(base64: String) {
        guard let data = Data(base64Encoded: base64) else { return nil }
        self.init([UInt8](data))
    }

    public static func == (a: ThumbHash, b: ThumbHash) -> Bool {
        (a.lDC, a.pDC, a.qDC, a.aDC) == (b.lDC, b.pDC, b.qDC, b.aDC) && (a.lx, a.ly, a.hasAlpha) == (b.lx, b.ly, b.hasAlpha)
            && (a.lAC, a.pAC, a.qAC, a.aAC) == (b.lAC, b.pAC, b.qAC, b.aAC)
    }

    /// The size the reference renders at: 32 pixels on the longer side.
    public var referenceSize: (width: Int, height: Int) {
        aspectRatio > 1 ? (32, Int((32 / aspectRatio).rounded())) : (Int((32 * aspectRatio).rounded()), 32)
    }

    /// `width × height` pixels, row-major RGBA, not premultiplied; at `referenceSize` these are
    /// the reference decoder's pixels.
    public func rgba(width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let nx = max(lx, hasAlpha ? 5 : 3), ny = max(ly, hasAlpha ? 5 : 3)
        // Cosine tables per axis: the reference computes them per pixel, with the same values.
        let fx = (0 ..< width).map { x in (0 ..< nx).map { cos(Double.pi / Double(width) * (Double(x) + 0.5) * Double($0)) } }
        let fy = (0 ..< height).map { y in (0 ..< ny).map { cos(Double.pi / Double(height) * (Double(y) + 0.5) * Double($0)) } }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let l = lDC + Self.sum(lAC, lx, ly, fx[x], fy[y])
                let p = pDC + Self.sum(pAC, 3, 3, fx[x], fy[y]), q = qDC + Self.sum(qAC, 3, 3, fx[x], fy[y])
                let a = hasAlpha ? aDC + Self.sum(aAC, 5, 5, fx[x], fy[y]) : aDC
                let (r, g, b) = Self.rgb(l: l, p: p, q: q)
                let at = (y * width + x) * 4
                for (offset, value) in [r, g, b, a].enumerated() { out[at + offset] = UInt8(min(1, max(0, value)) * 255) }
            }
        }
        return out
    }

    /// `width × height` pixels over `background` (the alpha composited), for a tile.
    public func rgb(width: Int, height: Int, background: (r: UInt8, g: UInt8, b: UInt8)) -> [(r: UInt8, g: UInt8, b: UInt8)] {
        let pixels = rgba(width: width, height: height)
        return stride(from: 0, to: pixels.count, by: 4).map { i in
            let a = Int(pixels[i + 3])
            func over(_ c: UInt8, _ under: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(under) * (255 - a) + 127) / 255) }
            return (over(pixels[i], background.r), over(pixels[i + 1], background.g), over(pixels[i + 2], background.b))
        }
    }

    /// One channel's AC terms at a pixel: the triangle of components the encoder kept.
    private static func sum(_ ac: [Double], _ nx: Int, _ ny: Int, _ fx: [Double], _ fy: [Double]) -> Double {
        var value = 0.0, j = 0
        for cy in 0 ..< ny {
            var cx = cy > 0 ? 0 : 1
            let fy2 = fy[cy] * 2
            while cx * ny < nx * (ny - cy) {
                value += ac[j] * fx[cx] * fy2
                j += 1
                cx += 1
            }
        }
        return value
    }

    private static func rgb(l: Double, p: Double, q: Double) -> (Double, Double, Double) {
        let b = l - 2.0 / 3.0 * p
        let r = (3 * l - b + q) / 2
        return (r, r - q, b)
    }
}
