import PhotoDecoding
import Testing

@Suite struct ResamplerTests {
    @Test func flatColourStaysExact() {
        let red = RGBImage(width: 37, height: 23, filledWith: RGB(r: 200, g: 10, b: 99))
        for (w, h) in [(10, 7), (37, 23), (80, 51), (1, 1)] {
            let out = Resampler.resize(red, width: w, height: h)
            #expect(out == RGBImage(width: w, height: h, filledWith: RGB(r: 200, g: 10, b: 99)))
        }
    }

    @Test func shrinkingAveragesTheCoveredArea() {
        // A 1-pixel checkerboard halved becomes its mean grey, not black or white (no shimmer).
        var pixels: [UInt8] = []
        for y in 0 ..< 8 { for x in 0 ..< 8 { pixels += Array(repeating: (x + y) % 2 == 0 ? 255 : 0, count: 3) } }
        let out = Resampler.resize(RGBImage(width: 8, height: 8, pixels: pixels), width: 4, height: 4)
        #expect(out.pixels.allSatisfy { $0 == 128 || $0 == 127 })
    }

    @Test func fractionalCoverageIsWeighted() {
        // Three columns 0, 90, 180 into two: [0, 0.5*90]/1.5 and [0.5*90, 180]/1.5.
        let src = RGBImage(width: 3, height: 1, pixels: [0, 0, 0, 90, 90, 90, 180, 180, 180])
        let out = Resampler.resize(src, width: 2, height: 1)
        #expect(out.pixels == [30, 30, 30, 150, 150, 150])
    }

    @Test func enlargingInterpolates() {
        let src = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 200, 200, 200])
        let out = Resampler.resize(src, width: 4, height: 1)
        #expect(out.pixels.enumerated().allSatisfy { $0.offset % 3 == 0 ? true : $0.element == out.pixels[$0.offset - $0.offset % 3] })
        #expect(out.pixels[0] == 0 && out.pixels[3] == 50 && out.pixels[6] == 150 && out.pixels[9] == 200)
    }
}

@Suite struct OrientationTests {
    /// A 3×2 image whose pixels are numbered 1…6 in the red channel.
    let stored = RGBImage(width: 3, height: 2, pixels: (1 ... 6).flatMap { [UInt8($0), 0, 0] })

    func reds(_ image: RGBImage) -> [[UInt8]] {
        (0 ..< image.height).map { y in (0 ..< image.width).map { image[$0, y].r } }
    }

    @Test(arguments: [
        (1, [[1, 2, 3], [4, 5, 6]]),
        (2, [[3, 2, 1], [6, 5, 4]]),
        (3, [[6, 5, 4], [3, 2, 1]]),
        (4, [[4, 5, 6], [1, 2, 3]]),
        (5, [[1, 4], [2, 5], [3, 6]]),
        (6, [[4, 1], [5, 2], [6, 3]]),
        (7, [[6, 3], [5, 2], [4, 1]]),
        (8, [[3, 6], [2, 5], [1, 4]]),
    ] as [(Int, [[UInt8]])])
    func turnsUpright(value: Int, expected: [[UInt8]]) throws {
        let orientation = try #require(Orientation(rawValue: value))
        #expect(reds(orientation.apply(to: stored)) == expected)
    }
}

@Suite struct ResamplerEdgeTests {
    @Test(arguments: [(1, 1, 5, 3), (1, 7, 4, 2), (9, 1, 3, 5), (5, 5, 1, 1), (3, 2, 1, 9)])
    func degenerateSizesKeepAFlatColour(sw: Int, sh: Int, dw: Int, dh: Int) {
        let colour = RGB(r: 12, g: 200, b: 77)
        let out = Resampler.resize(RGBImage(width: sw, height: sh, filledWith: colour), width: dw, height: dh)
        #expect(out == RGBImage(width: dw, height: dh, filledWith: colour))
    }

    @Test func aVerticalGradientShrinksToItsRowMeans() {
        // Rows 0, 30, 60, …, 270 (clamped to 255) averaged in pairs.
        let rows = (0 ..< 10).map { UInt8(min($0 * 30, 255)) }
        let src = RGBImage(width: 4, height: 10, pixels: rows.flatMap { Array(repeating: $0, count: 12) })
        let out = Resampler.resize(src, width: 2, height: 5)
        let expected = stride(from: 0, to: 10, by: 2).map { (Int(rows[$0]) + Int(rows[$0 + 1]) + 1) / 2 }
        #expect((0 ..< 5).map { Int(out[0, $0].r) } == expected)
    }
}
