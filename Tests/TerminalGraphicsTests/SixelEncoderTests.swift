import PhotoDecoding
import Testing
@testable import TerminalGraphics

@Suite("sixel", .enabled(if: ExternalTools.hasConvert, "needs ImageMagick to decode sixel"))
struct SixelEncoderTests {
    /// Thresholds, dB, for decode(encode(x)) against x. Sixel is never lossless: libsixel keeps
    /// palette entries at 5 bits per channel (white comes back as 248) and sixel stores colours in
    /// percent. Measured on the two test images (gradient / photo-like): adaptive 256 colours with
    /// no or error diffusion 34.8–36.9 dB; 64 colours 29.4 (the 2-D gradient needs more than 64)
    /// –36.3; the fixed xterm palette and the positional dither, which adds deliberate pattern
    /// noise, 24.2–25.6. A broken encoder scores far lower: swapped channels ~12 dB, a one-band
    /// (6-row) shift 19–29 dB (`metricSeparatesBugsFromQuantisation`). Each threshold sits 2–3 dB
    /// under the worst measured value for its setting.
    static let adaptiveThreshold = 32.0

    static let presets: [(name: String, options: SixelOptions, threshold: Double)] = [
        ("fast", .fast, adaptiveThreshold),
        ("balanced", .balanced, adaptiveThreshold),
        ("best", .best, adaptiveThreshold),
        ("64 colours, atkinson", SixelOptions(palette: .adaptive(colors: 64), diffusion: .atkinson, quality: .high), 27),
        ("xterm256", SixelOptions(palette: .xterm256, diffusion: .none), 21),
        ("arithmetic dither", SixelOptions(diffusion: .arithmetic), 21),
    ]

    @Test(arguments: 0..<presets.count)
    func decodesBackCloseToTheSource(preset: Int) throws {
        let (name, options, threshold) = Self.presets[preset]
        for image in [TestImages.gradient(width: 160, height: 96), TestImages.photoLike(width: 241, height: 157)] {
            let decoded = try ExternalTools.decodeSixel(try SixelEncoder(options: options).encode(image, cells: CellSize(cols: 1, rows: 1)))
            #expect(decoded.count == image.pixels.count, "\(name): decoded size differs")
            guard decoded.count == image.pixels.count else { continue }
            let score = psnr(decoded, image.pixels)
            #expect(score > threshold, "\(name) \(image.width)x\(image.height): \(score) dB")
        }
    }

    /// Flat colour bars fit a 256-colour palette exactly; what remains is libsixel's 5-bit palette
    /// (255 → 248) and percent rounding, at most 7 levels on any channel.
    @Test func colourBarsSurviveWithinPaletteRounding() throws {
        let image = TestImages.colourBars(width: 96, height: 30)
        let decoded = try ExternalTools.decodeSixel(try SixelEncoder().encode(image, cells: CellSize(cols: 10, rows: 2)))
        #expect(decoded.count == image.pixels.count)
        guard decoded.count == image.pixels.count else { return }
        let worst = zip(decoded, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 8, "largest channel error \(worst)")
    }

    /// PSNR must tell a broken encoder from quantisation: red and blue swapped, or the picture
    /// shifted down one sixel band, falls below the adaptive threshold on both test images.
    @Test func metricSeparatesBugsFromQuantisation() {
        for image in [TestImages.gradient(width: 160, height: 96), TestImages.photoLike(width: 241, height: 157)] {
            var swapped = image.pixels
            for i in stride(from: 0, to: swapped.count, by: 3) { swapped.swapAt(i, i + 2) }
            let band = image.width * 3 * 6
            let shifted = Array(image.pixels[band...]) + image.pixels.suffix(band)
            #expect(psnr(swapped, image.pixels) < 15)
            #expect(psnr(shifted, image.pixels) < Self.adaptiveThreshold)
        }
    }

    @Test func envelopeAndRasterAttributes() throws {
        let bytes = try SixelEncoder().encode(TestImages.gradient(width: 37, height: 13), cells: CellSize(cols: 4, rows: 1))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P"), "7-bit DCS")
        #expect(text.contains("q\"1;1;37;13"), "raster attributes give the exact size")
        #expect(text.hasSuffix("\u{1B}\\"))
    }

    @Test(arguments: [(1, 1), (7, 5), (3, 13)])
    func tinyAndOddSizes(width: Int, height: Int) throws {
        let image = TestImages.gradient(width: width, height: height)
        let decoded = try ExternalTools.decodeSixel(try SixelEncoder().encode(image, cells: CellSize(cols: 1, rows: 1)))
        #expect(decoded.count == image.pixels.count)
    }

    /// libsixel's median cut is not reentrant; encodes on many tasks must equal serial ones.
    @Test func concurrentEncodesAgreeWithSerialOnes() async throws {
        let images = (0..<8).map { TestImages.photoLike(width: 120 + 13 * $0, height: 80 + 7 * $0) }
        let encoder = SixelEncoder(options: .balanced)
        let serial = try images.map { try encoder.encode($0, cells: CellSize(cols: 1, rows: 1)) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, image) in images.enumerated() {
                group.addTask { (index, try encoder.encode(image, cells: CellSize(cols: 1, rows: 1))) }
            }
            var results = [[UInt8]](repeating: [], count: images.count)
            for try await (index, bytes) in group { results[index] = bytes }
            return results
        }
        #expect(parallel == serial)
    }

    @Test func failedStatusMacroMatchesLibsixel() {
        #expect(!sixelFailed(0))
        #expect(sixelFailed(0x1000))
        #expect(sixelFailed(0x1104))
        #expect(!sixelFailed(0x0001))  // SIXEL_INTERRUPTED is not a failure
    }
}
