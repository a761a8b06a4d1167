import PhotoDecoding
import PhotoPagerBase
import Testing
import TestSupport
@testable import TerminalGraphics

@Suite("sixel", .enabled(if: ImageMagick.isInstalled, "needs ImageMagick to decode sixel"))
struct SixelEncoderTests {
    /// Thresholds, dB, for decode(encode(x)) against x. Sixel is never lossless: at most 256
    /// colours, stored in percent. Measured on the two test images (gradient / photo-like):
    /// 256 colours 35–37 dB, 64 colours 30–36 dB. A broken encoder scores far lower: swapped
    /// channels ~12 dB, a one-band (6-row) shift 19–29 dB (`metricSeparatesBugsFromQuantisation`).
    /// Each threshold sits 2–3 dB under the worst measured value for its setting.
    static let adaptiveThreshold = 32.0

    static let presets: [(name: String, options: SixelOptions, threshold: Double)] = [
        ("default", SixelOptions(), adaptiveThreshold),
        ("64 colours", SixelOptions(colors: 64), 27),
    ]

    @Test(arguments: 0..<presets.count)
    func decodesBackCloseToTheSource(preset: Int) throws {
        let (name, options, threshold) = Self.presets[preset]
        for image in [TestImages.gradient(width: 160, height: 96), TestImages.photoLike(width: 241, height: 157)] {
            let decoded = try ImageMagick.decodeSixel(try SixelEncoder(options: options).encode(image, cells: CellSize(columns: 1, rows: 1))).pixels
            #expect(decoded.count == image.pixels.count, "\(name): decoded size differs")
            guard decoded.count == image.pixels.count else { continue }
            let score = ImageComparison.psnr(decoded, image.pixels)
            #expect(score > threshold, "\(name) \(image.width)x\(image.height): \(score) dB")
        }
    }

    /// Flat colour bars fit the palette exactly: each entry is refined to the mean of its pixels,
    /// so what remains is sixel's percent encoding, at most 2 levels on any channel (libsixel's
    /// own palette alone would give white back as 248).
    @Test func colourBarsSurviveWithinPercentRounding() throws {
        let image = TestImages.colourBars(width: 96, height: 30)
        let decoded = try ImageMagick.decodeSixel(try SixelEncoder().encode(image, cells: CellSize(columns: 10, rows: 2))).pixels
        #expect(decoded.count == image.pixels.count)
        guard decoded.count == image.pixels.count else { return }
        let worst = zip(decoded, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "largest channel error \(worst)")
    }

    /// The bands are written by several workers; the result must not depend on the schedule.
    @Test func encodingIsDeterministic() throws {
        let image = TestImages.photoLike(width: 401, height: 233)
        let first = try SixelEncoder().encode(image, cells: CellSize(columns: 1, rows: 1))
        for _ in 0 ..< 5 { #expect(try SixelEncoder().encode(image, cells: CellSize(columns: 1, rows: 1)) == first) }
    }

    /// PSNR must tell a broken encoder from quantisation: red and blue swapped, or the picture
    /// shifted down one sixel band, falls below the adaptive threshold on both test images.
    @Test func metricSeparatesBugsFromQuantisation() {
        for image in [TestImages.gradient(width: 160, height: 96), TestImages.photoLike(width: 241, height: 157)] {
            var swapped = image.pixels
            for i in stride(from: 0, to: swapped.count, by: 3) { swapped.swapAt(i, i + 2) }
            let band = image.width * 3 * 6
            let shifted = Array(image.pixels[band...]) + image.pixels.suffix(band)
            #expect(ImageComparison.psnr(swapped, image.pixels) < 15)
            #expect(ImageComparison.psnr(shifted, image.pixels) < Self.adaptiveThreshold)
        }
    }

    @Test func envelopeAndRasterAttributes() throws {
        let bytes = try SixelEncoder().encode(TestImages.gradient(width: 37, height: 13), cells: CellSize(columns: 4, rows: 1))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P"), "7-bit DCS")
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;37;13#"), "transparent background, raster attributes give the exact size")
        #expect(text.hasSuffix("\u{1B}\\"))
    }

    @Test(arguments: [(1, 1), (7, 5), (3, 13)])
    func tinyAndOddSizes(width: Int, height: Int) throws {
        let image = TestImages.gradient(width: width, height: height)
        let decoded = try ImageMagick.decodeSixel(try SixelEncoder().encode(image, cells: CellSize(columns: 1, rows: 1))).pixels
        #expect(decoded.count == image.pixels.count)
    }

    /// Encodes on many tasks must equal serial ones (the mapping depends on the bin, not on
    /// which pixel reached it first).
    @Test func concurrentEncodesAgreeWithSerialOnes() async throws {
        let images = (0..<8).map { TestImages.photoLike(width: 120 + 13 * $0, height: 80 + 7 * $0) }
        let encoder = SixelEncoder()
        let serial = try images.map { try encoder.encode($0, cells: CellSize(columns: 1, rows: 1)) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, image) in images.enumerated() {
                group.addTask { (index, try encoder.encode(image, cells: CellSize(columns: 1, rows: 1))) }
            }
            var results = [[UInt8]](repeating: [], count: images.count)
            for try await (index, bytes) in group { results[index] = bytes }
            return results
        }
        #expect(parallel == serial)
    }

    /// The palette's fidelity on a real photo (bundled, so it runs without ../shared): decoded
    /// back by ImageMagick against the very pixels encoded. Measured 40.0 dB on rocket.jpg at
    /// 640×427 while its Adobe RGB profile was ignored; converted to sRGB (more saturated, so
    /// more to quantise) 38.65 dB; the floor is 0.5 dB under. (Against ImageMagick's own resize, as `make bench`
    /// measures: 39.0 dB, where libsixel's median cut, used before, gave 33.9 dB.)
    @Test func aBundledPhotoKeepsItsFidelity() throws {
        let photo = SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/rocket.jpg")
        let image = try PhotoDecoder.decode(contentsOf: photo, DecodeRequest(size: (640, 427)))
        let encoded = try SixelEncoder().encode(image, cells: CellSize(columns: 64, rows: 22))
        let decoded = try ImageMagick.decodeSixel(encoded).pixels
        try #require(decoded.count == image.pixels.count)
        let score = ImageComparison.psnr(decoded, image.pixels)
        #expect(score >= Self.bundledPhotoFloor, "\(score) dB")
        var colours = Set<Int>()
        for p in stride(from: 0, to: image.pixels.count, by: 3) {
            colours.insert(Int(image.pixels[p]) << 16 | Int(image.pixels[p + 1]) << 8 | Int(image.pixels[p + 2]))
        }
        #expect(colours.count > 256)                 // a real test of the palette, not a lossless one
    }

    static let bundledPhotoFloor = 38.1

    /// Every one of the 256 registers is used on a photo with more colours than that.
    @Test func aRichPhotoFillsAllRegisters() throws {
        let photo = SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/rocket.jpg")
        let image = try PhotoDecoder.decode(contentsOf: photo, DecodeRequest(size: (320, 213)))
        let encoded = String(decoding: try SixelEncoder().encode(image, cells: CellSize(columns: 1, rows: 1)), as: UTF8.self)
        let registers = Set(encoded.split(separator: "#").compactMap { part -> Int? in
            guard part.contains(";2;") else { return nil }
            return Int(part.prefix { $0.isNumber })
        })
        #expect(registers.count == 256)
    }

    /// The nearest-colour search is exact: it agrees with trying every entry.
    @Test func theNearestColourSearchIsExact() {
        var generator = SplitMix64(seed: 7)
        let palette = (0 ..< 200).map { _ in RGB(r: UInt8.random(in: 0 ... 255, using: &generator),
                                                 g: UInt8.random(in: 0 ... 255, using: &generator),
                                                 b: UInt8.random(in: 0 ... 255, using: &generator)) }
        let search = NearestColour(palette)
        func distance(_ i: Int, _ c: (Int, Int, Int)) -> Int {
            let p = palette[i]
            return (Int(p.r) - c.0) * (Int(p.r) - c.0) + (Int(p.g) - c.1) * (Int(p.g) - c.1) + (Int(p.b) - c.2) * (Int(p.b) - c.2)
        }
        for _ in 0 ..< 2000 {
            let c = (Int.random(in: 0 ... 255, using: &generator), Int.random(in: 0 ... 255, using: &generator),
                     Int.random(in: 0 ... 255, using: &generator))
            let sorted = palette.indices.map { distance($0, c) }.sorted()
            let (first, second) = search.nearestTwo(c.0, c.1, c.2)
            #expect(distance(first, c) == sorted[0])
            #expect(distance(second, c) == sorted[1])
            #expect(first != second)
        }
    }
}
