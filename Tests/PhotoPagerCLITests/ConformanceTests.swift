import Foundation
import PhotoDecoding
import Testing
import TestSupport

/// The third-party corpus in `../shared/conformance` (PngSuite, EXIF orientation examples,
/// libjpeg-turbo / Pillow / image-rs test images, go-fuzz and libpng crashers): every row of its
/// `expected.tsv` must hold, in-process and through the command line.
@Suite(.enabled(if: Conformance.available, "needs ../shared/conformance (absent in a bare clone)"))
struct ConformanceTests {
    typealias Row = Conformance.Row
    static let rows = Conformance.rows
    static func url(_ row: Row) -> URL { SharedPhotos.conformance.appendingPathComponent(row.file) }

    @Test func theTableIsWhole() {
        #expect(Self.rows.count == 352)
        #expect(Set(Self.rows.map(\.expected)) == ["decodes", "must-reject", "either"])
    }

    @Test(arguments: rows)
    func eachFileBehavesAsExpected(_ row: Row) {
        Self.expectOutcome(row, Result { try PhotoDecoder.decode(contentsOf: Self.url(row)) })
    }

    /// A row's outcome: `decodes` at its upright size, `must-reject` with a clean error,
    /// `either` anything but a crash. True when the row decoded as it should.
    @discardableResult
    static func expectOutcome(_ row: Row, _ result: Result<RGBImage, any Error>) -> Bool {
        switch (row.expected, result) {
        case ("decodes", .success(let image)):
            #expect("\(image.width)x\(image.height)" == row.upright, "upright size")
            return true
        case ("decodes", .failure(let error)):
            Issue.record("refused: \(error)")
        case ("must-reject", .success(let image)):
            Issue.record("decoded to \(image.width)x\(image.height) instead of being refused")
        case ("must-reject", .failure(let error)):
            #expect(error is DecodeError, "not a clean decode error: \(error)")
        default:
            break                                   // either: a picture or a clean error, no crash
        }
        return false
    }

    /// Every GIF and WebP that decodes plays its frames, as many as the reference libraries
    /// found; a still (one frame) does not play.
    @Test(arguments: rows.filter { $0.expected == "decodes" && ($0.file.hasSuffix(".gif") || $0.file.hasSuffix(".webp")) })
    func animationsHaveTheirFrames(_ row: Row) throws {
        let frames = try FileBytes.read(Self.url(row)).withUnsafeBytes { try PhotoDecoder.animation($0) }
        #expect((frames?.count ?? 1) == row.frames)
        #expect(frames?.allSatisfy { "\($0.image.width)x\($0.image.height)" == row.upright && $0.delay > 0 } ?? true)
    }

    /// Frames as ImageMagick coalesces them (disposal to background and to previous included).
    @Test(arguments: ["gif/dispose_prev.gif", "gif/giflib_welcome2.gif", "webp/anim_random_lossy.webp"])
    func framesAreComposedAsImageMagickDoes(_ file: String) throws {
        let url = SharedPhotos.conformance.appendingPathComponent(file)
        let frames = try #require(try FileBytes.read(url).withUnsafeBytes { try PhotoDecoder.animation($0) })
        let directory = try TemporaryDirectory()
        _ = try ImageMagick.run([url.path, "-coalesce", directory.url.path + "/frame-%d.png"])
        for (index, frame) in frames.enumerated() {
            let reference = try ImageMagick.rgb(of: directory.url.path + "/frame-\(index).png")
            #expect(ImageComparison.psnr(frame.image, reference) > 30, "frame \(index)")
        }
    }

    /// The command line: every file that must decode draws (exit 0); every one that must be
    /// refused is named on stderr, and the run exits 1.
    @Test func theCommandLineDrawsOrRefusesEachFile() throws {
        let decodes = Self.rows.filter { $0.expected == "decodes" }.map { Self.url($0).path }
        let good = try CommandRunner.photopager(["render", "--renderer", "blocks", "--size", "8x4"] + decodes)
        #expect(good.status == 0, "\(good.stderr.prefix(2000))")
        let rejects = Self.rows.filter { $0.expected == "must-reject" }
        let bad = try CommandRunner.photopager(["render", "--renderer", "blocks", "--size", "8x4"] + rejects.map { Self.url($0).path })
        #expect(bad.status == 1)
        for row in rejects {
            #expect(bad.stderr.contains((row.file as NSString).lastPathComponent), "\(row.file) not reported")
        }
    }
}

/// The newer formats' corpus, `expected-formats.tsv` (HEIF, AVIF, JPEG XL, TIFF, camera RAW,
/// ICC profiles): the same outcomes, and the header reader agrees with the decode.
@Suite(.enabled(if: Conformance.formatsAvailable, "needs ../shared/conformance (absent in a bare clone)"))
struct FormatConformanceTests {
    typealias Row = Conformance.Row
    /// The folders whose decoders have landed (the table is taken up as they arrive).
    static let folders = ["heif/", "avif/", "jxl/", "tiff/", "raw/", "icc/"]
    static let rows = Conformance.formatRows.filter { row in folders.contains { row.file.hasPrefix($0) } }

    @Test func theTableIsWhole() {
        #expect(Conformance.formatRows.count == 152)
    }

    /// --max-megapixels holds for every new format, from the header, before any decode: a
    /// photo over the limit is refused as too large (the 200-MP HEIF grid at once, not after
    /// 600 MB of tiles).
    @Test(arguments: rows.filter { row in
        row.expected == "decodes" && row.upright.split(separator: "x").compactMap { Int($0) }.reduce(1, *) > 1_000_000
    })
    func overTheLimitIsRefusedBeforeDecoding(_ row: Row) {
        var request = DecodeRequest()
        request.maxPixels = 1_000_000
        let outcome = Result { try PhotoDecoder.decode(contentsOf: ConformanceTests.url(row), request) }
        guard case .failure(let error) = outcome, case .tooLarge? = error as? DecodeError else {
            Issue.record("not refused as too large: \(outcome)")
            return
        }
    }

    /// Transparent pixels of every new format are laid over the background asked for.
    @Test(arguments: ["avif/libavif_abc_color_irot_alpha_irot.avif", "heif/pillowheif_RGBA_10__29x100.heif",
                      "tiff/libtiff_minisblack-2c-8b-alpha.tiff", "jxl/conformance_alpha_nonpremultiplied.jxl"])
    func alphaIsLaidOverTheBackground(_ file: String) throws {
        let url = SharedPhotos.conformance.appendingPathComponent(file)
        let overBlack = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(background: .black))
        let overWhite = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(background: RGB(r: 255, g: 255, b: 255)))
        #expect(overBlack.width == overWhite.width && overBlack.height == overWhite.height)
        let lighter = zip(overBlack.pixels, overWhite.pixels).filter { $0 < $1 }.count
        let darker = zip(overBlack.pixels, overWhite.pixels).filter { $0 > $1 }.count
        #expect(lighter > 0 && darker == 0, "\(file): \(lighter) samples lighter over white, \(darker) darker")
    }

    @Test(arguments: rows)
    func eachFileBehavesAsExpected(_ row: Row) throws {
        let url = ConformanceTests.url(row)
        if ConformanceTests.expectOutcome(row, Result { try PhotoDecoder.decode(contentsOf: url) }) {
            let header = try PhotoDecoder.header(contentsOf: url)
            #expect("\(header.width)x\(header.height)" == row.upright, "the header's size")
        }
    }
}

/// `expected.tsv`, read once.
enum Conformance {
    struct Row: Sendable, CustomTestStringConvertible {
        let file: String
        let expected: String
        /// `decodes`: the upright size, "WxH".
        let upright: String
        /// How many frames the reference libraries found.
        let frames: Int
        var testDescription: String { file }
    }

    static let table = SharedPhotos.conformance.appendingPathComponent("expected.tsv")
    static var available: Bool { FileManager.default.fileExists(atPath: table.path) }

    static let formatsTable = SharedPhotos.conformance.appendingPathComponent("expected-formats.tsv")
    static var formatsAvailable: Bool { FileManager.default.fileExists(atPath: formatsTable.path) }

    static let rows = read(table)
    static let formatRows = read(formatsTable)

    static func read(_ table: URL) -> [Row] {
        guard let text = try? String(contentsOf: table, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return fields.count >= 7 ? Row(file: fields[0], expected: fields[1], upright: fields[2], frames: Int(fields[6]) ?? 0) : nil
        }
    }
}
