import FoundationEssentials
import Glibc

/// High-bit-depth samples (10, 12, 16 bits) to 8 bits, through a table of every value. SDR
/// samples are scaled; HDR ones (PQ, HLG) are taken to linear light, tone-mapped so that
/// highlights roll off instead of clipping (extended Reinhard, reference white at 203 cd/m²
/// as BT.2408 puts it, peak 1,000 cd/m²), and encoded with sRGB's curve. Their primaries are
/// left for colour management (`ColourSource.coded` with the sRGB transfer).
struct ToneCurve {
    let toneMapped: Bool
    let primaries: Int
    private let table: [UInt8]
    private let alphaTable: [UInt8]

    init(significantBits: Int, colour: ColourSource) {
        let bits = min(16, max(1, significantBits)), maximum = Double((1 << bits) - 1)
        var transfer = 0, primaries = 1
        if case let .coded(p, t) = colour { transfer = t; primaries = p }
        self.primaries = primaries
        toneMapped = transfer == 16 || transfer == 18
        let linear: (Double) -> Double
        switch transfer {
        case 16: linear = { Self.pq($0) * 10_000 / Self.referenceWhite }
        case 18: linear = { Self.hlg($0) * 1_000 / Self.referenceWhite }
        default: linear = { $0 }
        }
        let toneMapped = self.toneMapped
        table = (0 ... Int(maximum)).map { value in
            let signal = Double(value) / maximum
            guard toneMapped else { return UInt8((signal * 255).rounded()) }
            let l = max(0, linear(signal)), white = Self.peak / Self.referenceWhite
            let mapped = min(1, l * (1 + l / (white * white)) / (1 + l))
            return UInt8((Self.sRGBEncode(mapped) * 255).rounded())
        }
        alphaTable = (0 ... Int(maximum)).map { UInt8((Double($0) / maximum * 255).rounded()) }
    }

    static let referenceWhite = 203.0
    static let peak = 1_000.0

    /// Rows of 16-bit RGBA samples (`rowSamples` apart, native endian) as 8-bit RGBA, a band
    /// of rows per core, and the colours they are then in (sRGB's curve after a tone map).
    /// The one path of every decoder that hands over more than 8 bits.
    static func eightBit(_ samples: UnsafePointer<UInt16>, width: Int, height: Int, rowSamples: Int,
                         significantBits: Int, colour: ColourSource) -> (rgba: [UInt8], colour: ColourSource) {
        let curve = ToneCurve(significantBits: significantBits, colour: colour)
        let source = SharedBuffer(base: UnsafeMutablePointer(mutating: samples), count: rowSamples * height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { buffer in
            let out = SharedBuffer(base: buffer.baseAddress!, count: buffer.count)
            ParallelRows.forEach(height, minimumRows: 64) { _, rows in
                for y in rows {
                    let row = source.base + y * rowSamples, target = out.base + y * width * 4
                    for i in 0 ..< width * 4 {
                        target[i] = i & 3 == 3 ? curve.alpha(Int(row[i])) : curve.colour(Int(row[i]))
                    }
                }
            }
        }
        return (rgba, curve.toneMapped ? .coded(primaries: curve.primaries, transfer: 13) : colour)
    }

    func colour(_ value: Int) -> UInt8 { table[min(value, table.count - 1)] }
    func alpha(_ value: Int) -> UInt8 { alphaTable[min(value, alphaTable.count - 1)] }

    /// SMPTE ST 2084: signal → linear, 1 = 10,000 cd/m².
    static func pq(_ e: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(e, 1 / m2)
        return pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// ARIB STD-B67 (HLG): signal → display linear, 1 = the display's peak, through the
    /// inverse OETF and the system gamma of 1.2 (the OOTF at 1,000 cd/m², on each channel).
    static func hlg(_ e: Double) -> Double {
        let a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a)
        let scene = e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
        return pow(scene, 1.2)
    }

    static func sRGBEncode(_ l: Double) -> Double {
        l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
    }
}
