import Foundation
import PhotoDecoding
import Testing
import TestSupport

@Suite(.ownThreads) struct RenderCommandTests {
    let chelsea = SharedPhotos.url("sample/chelsea.png").path

    @Test func sixelOutputDecodesBackToThePhoto() throws {
        let result = try CommandRunner.photopager(["render", chelsea, "--renderer", "sixel", "--size", "40x10", "--cell-size", "10x20"])
        #expect(result.status == 0)
        let drawn = try ImageMagick.decodeSixel(Array(result.stdout))
        // 451x300 into a 400x200-pixel box keeps the aspect ratio: 301x200.
        #expect(drawn.width == 301 && drawn.height == 200)
        guard drawn.width == 301, drawn.height == 200 else { return }
        let reference = try ImageMagick.rgb(of: chelsea, size: (301, 200))
        let psnr = ImageComparison.psnr(drawn, reference)
        #expect(psnr > 28, "PSNR \(psnr) dB")
    }

    @Test func theCellSizeShapesThePixelBox() throws {
        let result = try CommandRunner.photopager(["render", chelsea, "--renderer", "sixel", "--size", "40x10", "--cell-size", "8x16"])
        let drawn = try ImageMagick.decodeSixel(Array(result.stdout))
        #expect(drawn.width == 241 && drawn.height == 160)
    }

    @Test func aBrokenFileIsReportedAndTheOthersStillRender() throws {
        let tmp = try TemporaryDirectory()
        var broken = try Data(contentsOf: SharedPhotos.url("formats/lossy.webp"))
        broken = broken.prefix(broken.count / 4)
        let bad = try tmp.write("bad\u{1b}[31m.webp", broken)
        let result = try CommandRunner.photopager(["render", bad.path, chelsea, "--renderer", "kitty", "--size", "20x5"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/bad.webp: file is truncated"))        // the escape sequence is gone
        #expect(!result.stderr.utf8.contains(0x1B))                     // the name was sanitised
        #expect(result.stdout.starts(with: Array("\u{1b}_G".utf8)))       // chelsea was still drawn
    }

    /// libjxl prints its source locations to stderr for a broken file: what the person reads is
    /// our one line about it, and nothing of the library's.
    @Test(.enabled(if: Conformance.formatsAvailable, "needs ../shared/conformance"))
    func aBrokenJPEGXLSaysSoInOneLine() throws {
        let file = SharedPhotos.conformance.appendingPathComponent("jxl/libjxl-ossfuzz_djxl_fuzzer-4546077333782528.jxl").path
        let result = try CommandRunner.photopager(["render", file, chelsea, "--renderer", "kitty", "--size", "20x5"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("corrupt image data") == true, "\(result.stderr)")
        #expect(result.stdout.starts(with: Array("\u{1b}_G".utf8)))
    }

    @Test(arguments: [
        ("notes.txt", "not an image"),
        ("missing.jpg", "no such file or directory"),
    ])
    func unusableFilesFailTheRun(name: String, reason: String) throws {
        let tmp = try TemporaryDirectory()
        try tmp.write("notes.txt", Data("hello".utf8))
        let result = try CommandRunner.photopager(["render", tmp.url.appendingPathComponent(name).path, "--renderer", "blocks"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(reason))
    }

    @Test func theMegapixelLimitIsEnforced() throws {
        let retina = SharedPhotos.url("sample/retina.jpg").path        // 1411x1411, 2 MP
        let refused = try CommandRunner.photopager(["render", retina, "--max-megapixels", "1", "--renderer", "blocks"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("over the 1 MP limit"))
        let allowed = try CommandRunner.photopager(["render", retina, "--max-megapixels", "2.5", "--renderer", "blocks"])
        #expect(allowed.status == 0)
    }

    @Test func manifestsWithRemoteURLsAndHTTPArgumentsRender() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 1))
        let tmp = try TemporaryDirectory()
        let manifest = #"[{"id": "r", "width": 4, "height": 3, "urls": {"regular": "\#(server.baseURL)/img/r"}, "user": {"name": "R"}}]"#
        let result = try CommandRunner.photopager(["render", try tmp.write("m.json", Data(manifest.utf8)).path,
                                                   server.baseURL + "/img/direct", server.baseURL + "/missing.jpg",
                                                   "--renderer", "blocks", "--size", "20x6"])
        #expect(result.status == 1)                                   // the missing one
        #expect(result.stdoutText.components(separatedBy: "▀").count > 100)   // two photos drawn
        #expect(result.stderr.contains("/missing.jpg: the image server answered HTTP 404"))
        #expect(server.requests.map(\.path).sorted() == ["/img/direct", "/img/r", "/missing.jpg"])
    }

    @Test func blocksFillTheRequestedRowsAndReset() throws {
        let result = try CommandRunner.photopager(["render", chelsea, "--renderer", "blocks", "--size", "30x10"],
                                                  environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\r\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        // 451x300 in 30 columns of 10x20 cells: 30 wide, 20 half-rows = 10 rows.
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.hasSuffix("\u{1b}[0m") })
        #expect(result.stdoutText.contains("\u{1b}[38;2;"))
    }

    @Test func showingTheBundledSetCaptionsEachPhoto() throws {
        let result = try CommandRunner.photopager(["--renderer", "blocks", "--size", "80x5"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("4/6  SpaceX  https://www.flickr.com/photos/spacexphotos/16511594820/"))
    }

    /// libcaca's bright backgrounds use the blink attribute, which only the Linux console shows
    /// as brightness: kept there, stripped elsewhere (where text would blink).
    @Test(arguments: [("linux", true), ("xterm", false)])
    func cacaBlinksOnlyOnTheLinuxConsole(term: String, blinks: Bool) throws {
        let result = try CommandRunner.photopager(["render", chelsea, "--renderer", "caca", "--size", "30x8"],
                                                  environment: ["TERM": term])
        #expect(result.status == 0)
        let sgr = try Regex(#"\x1B\[([0-9;]*)m"#)
        let usesBlink = result.stdoutText.matches(of: sgr).contains { match in
            String(result.stdoutText[match.range]).dropFirst(2).dropLast().split(separator: ";").contains("5")
        }
        #expect(usesBlink == blinks)
    }
}
