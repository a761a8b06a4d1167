import Glibc
@testable import PhotoDecoding
import Testing

/// HDR samples roll off into SDR instead of clipping: PQ's reference white (203 cd/m²) is a
/// light grey, 1,000 cd/m² is white, every step below it is a distinct shade; SDR samples of
/// more than 8 bits are only scaled.
@Suite struct ToneCurveTests {
    /// The PQ signal for `nits` (SMPTE ST 2084's inverse EOTF).
    static func pq(nits: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let y = pow(nits / 10_000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    @Test func perceptualQuantizerRollsOffInsteadOfClipping() {
        let curve = ToneCurve(significantBits: 10, colour: .coded(primaries: 9, transfer: 16))
        #expect(curve.toneMapped && curve.primaries == 9)
        func shade(_ nits: Double) -> Int { Int(curve.colour(Int((Self.pq(nits: nits) * 1023).rounded()))) }
        #expect(shade(0) == 0)
        #expect((170 ... 215).contains(shade(203)), "reference white: \(shade(203))")
        #expect(shade(1_000) >= 253)
        // Highlights between reference white and the peak keep their steps.
        let highlights = [300.0, 400, 500, 600, 700, 800].map(shade)
        #expect(highlights == highlights.sorted() && Set(highlights).count == highlights.count, "\(highlights)")
        // Clipping would have put everything above 203 cd/m² at 255.
        #expect(shade(400) < 250)
    }

    @Test func hybridLogGammaToo() {
        let curve = ToneCurve(significantBits: 10, colour: .coded(primaries: 9, transfer: 18))
        #expect(curve.toneMapped)
        let shades = (Array(stride(from: 0, to: 1023, by: 64)) + [1023]).map { Int(curve.colour($0)) }
        #expect(shades == shades.sorted() && shades.first == 0 && shades.last! >= 250)
    }

    @Test func standardRangeIsOnlyScaled() {
        let curve = ToneCurve(significantBits: 10, colour: .coded(primaries: 1, transfer: 1))
        #expect(!curve.toneMapped)
        #expect(curve.colour(0) == 0 && curve.colour(1023) == 255 && curve.colour(512) == 128)
        #expect(ToneCurve(significantBits: 12, colour: .sRGB).alpha(4095) == 255)
    }
}
