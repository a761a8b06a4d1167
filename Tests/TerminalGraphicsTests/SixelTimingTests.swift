import Foundation
import PhotoDecoding
import Testing
import TerminalGraphics

/// The measurements behind `SixelOptions.fast`; opt-in because they take a while and their numbers
/// only mean something on a quiet machine: `SIXEL_BENCH=1 swift test --filter SixelTiming`.
/// Prints median encode time, output size and PSNR (decoded by ImageMagick) per setting, at the
/// ~1000×667 size of a full-screen photo, for a real photo and a synthetic one.
@Suite("sixel timing", .enabled(if: ProcessInfo.processInfo.environment["SIXEL_BENCH"] != nil && ExternalTools.hasConvert))
struct SixelTimingTests {
    static let photo = "/work/shared/photos/bench/Storm.jpg"
    static let settings: [(String, SixelOptions)] = [
        ("low, none, 256 (fast)", .fast),
        ("low, none, 256, no optimize", SixelOptions(optimizePalette: false)),
        ("low, atkinson, 256", SixelOptions(diffusion: .atkinson)),
        ("low, FS, 256", SixelOptions(diffusion: .floydSteinberg)),
        ("low, a-dither, 256", SixelOptions(diffusion: .arithmetic)),
        ("low, none, 128", SixelOptions(palette: .adaptive(colors: 128))),
        ("low, none, 64", SixelOptions(palette: .adaptive(colors: 64))),
        ("high, none, 256", SixelOptions(quality: .high)),
        ("high, atkinson, 256", SixelOptions(diffusion: .atkinson, quality: .high)),
        ("high, FS, 256 (img2sixel)", SixelOptions(diffusion: .floydSteinberg, quality: .high)),
        ("full, FS, 256", SixelOptions(diffusion: .floydSteinberg, quality: .full)),
        ("xterm256, none", SixelOptions(palette: .xterm256)),
        ("xterm256, FS", SixelOptions(palette: .xterm256, diffusion: .floydSteinberg)),
    ]

    @Test func table() throws {
        var images: [(String, RGBImage)] = [("synthetic", TestImages.photoLike(width: 1000, height: 667))]
        if FileManager.default.fileExists(atPath: Self.photo) { images.insert(("Storm.jpg", try Self.load(Self.photo)), at: 0) }
        var report = ""
        for (name, image) in images {
            report += "\n\(name) \(image.width)x\(image.height)\n"
            report += "setting".padding(toLength: 30, withPad: " ", startingAt: 0) + "  median ms    KiB   PSNR dB\n"
            for (label, options) in Self.settings {
                let encoder = SixelEncoder(options: options)
                var bytes: [UInt8] = []
                var times: [Double] = []
                for _ in 0..<7 {
                    let start = ContinuousClock.now
                    bytes = try encoder.encode(image, cells: CellSize(cols: 100, rows: 34))
                    times.append(Self.milliseconds(ContinuousClock.now - start))
                }
                let score = psnr(try ExternalTools.decodeSixel(bytes), image.pixels)
                report += label.padding(toLength: 30, withPad: " ", startingAt: 0)
                    + String(format: "  %9.1f %6d %9.2f\n", times.sorted()[3], bytes.count / 1024, score)
            }
            report += try Self.peers(image)
        }
        print(report)
    }

    /// chafa and img2sixel, whole process, fed a PNG already at the target size so they too
    /// only decode a small file and encode.
    static func peers(_ image: RGBImage) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tg-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("in.png")
        try Data(PNGWriter.encode(image)).write(to: png)
        var lines = ""
        let tools: [(String, String, [String])] = [
            ("chafa -f sixel (process)", "/usr/bin/chafa",
             // Without a tty chafa assumes 8×8-pixel cells; --stretch makes it fill the box.
             ["-f", "sixel", "--size", "\(image.width / 8)x\((image.height + 7) / 8)", "--stretch", png.path]),
            ("img2sixel (process)", "/usr/bin/img2sixel", [png.path]),
        ]
        for (label, tool, arguments) in tools where FileManager.default.isExecutableFile(atPath: tool) {
            var times: [Double] = []
            var output = Data()
            for _ in 0..<7 {
                let start = ContinuousClock.now
                output = try capture(tool, arguments)
                times.append(milliseconds(ContinuousClock.now - start))
            }
            let decoded = try ExternalTools.decodeSixel([UInt8](output))
            // chafa rounds the height up to whole sixel bands; compare the rows both have.
            let score = decoded.count >= image.pixels.count
                ? String(format: "%9.2f", psnr(Array(decoded.prefix(image.pixels.count)), image.pixels)) : "  (smaller)"
            lines += label.padding(toLength: 30, withPad: " ", startingAt: 0)
                + String(format: "  %9.1f %6d ", times.sorted()[3], output.count / 1024) + score + "\n"
        }
        return lines
    }

    static func load(_ path: String) throws -> RGBImage {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tg-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("photo.rgb")
        try ExternalTools.run(ExternalTools.convert, [path, "-resize", "1000x667!", "-depth", "8", "rgb:\(out.path)"])
        return RGBImage(width: 1000, height: 667, pixels: [UInt8](try Data(contentsOf: out)))
    }

    static func capture(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
