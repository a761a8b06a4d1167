import Foundation
import Glibc
import PhotoLibrary
import PhotoPagerBase
@testable import PhotoPagerCLI
import Testing
import TerminalIO
import TestSupport

/// `Y`: the photo's pixels to the clipboard as a PNG: through xclip on X11 (under Xvfb, read
/// back with xclip), through kitty's OSC 5522 where XTVERSION says kitty 0.27+ (on the virtual
/// screen), else a message saying what would make it work.
@Suite(.serialized, .ownThreads) struct ImageClipboardTests {
    @Test func kittyFromTwentySevenAndItsSequence() throws {
        #expect(!ImageClipboard.takesImages("kitty(0.26.5)") && ImageClipboard.takesImages("kitty(0.27.1)")
            && ImageClipboard.takesImages("kitty(0.35.2)") && !ImageClipboard.takesImages("XTerm(379)") && !ImageClipboard.takesImages(nil))
        let png = Array((0 ..< 10_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let text = String(decoding: ImageClipboard.osc5522(png), as: UTF8.self)
        let packets = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(packets.first == "\u{1B}]5522;type=write" && packets.last == "\u{1B}]5522;type=wdata")
        let mime = Data("image/png".utf8).base64EncodedString()
        let chunks = packets.dropFirst().dropLast().map { packet -> String in
            #expect(packet.hasPrefix("\u{1B}]5522;type=wdata:mime=\(mime);"))
            return String(packet.split(separator: ";", maxSplits: 2).last ?? "")
        }
        #expect(chunks.allSatisfy { $0.count <= 4096 })
        #expect(chunks.flatMap { Data(base64Encoded: $0).map(Array.init) ?? [] } == png)
        let nowhere = ImageClipboard(terminalVersion: "kitty(0.26.5)", throughTmux: false, environment: ["PATH": "/usr/bin:/bin"])
        #expect(nowhere.route == .none)
        #expect(ImageClipboard(terminalVersion: "kitty(0.30.0)", throughTmux: true, environment: [:]).route == .none)
    }

    static func folder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.copy("sample/rocket.jpg", to: "a.jpg")
        return dir
    }

    @Test func throughTheTerminalWhereItTakesImages() throws {
        let dir = try Self.folder()
        let pager = try InProcessPager(renderer: .blocks, photos: PhotoLibrary.load([dir.url.path]).photos,
                                       terminalVersion: "kitty(0.32.2)", clipboard: true)
        #expect(pager.waitFor { $0.lines.last?.contains("1/1") == true })
        let offset = pager.terminal.bytesWritten
        pager.type([.character("Y")])
        #expect(pager.waitFor { $0.lines.last?.contains("copied the photo to the clipboard (640 × 427 PNG)") == true })
        let sent = String(decoding: pager.terminal.output(from: offset), as: UTF8.self)
        #expect(sent.contains("\u{1B}]5522;type=write\u{1B}\\") && sent.contains("\u{1B}]5522;type=wdata\u{1B}\\"))
        #expect(pager.quit() == 0)
    }

    @Test func withoutAClipboardForImagesTheStatusLineSaysSo() throws {
        let dir = try Self.folder()
        let pager = try InProcessPager(renderer: .blocks, photos: PhotoLibrary.load([dir.url.path]).photos,
                                       environment: ["PATH": "/nonexistent"], clipboard: true)
        #expect(pager.waitFor { $0.lines.last?.contains("1/1") == true })
        pager.type([.character("Y")])
        #expect(pager.waitFor { $0.lines.last?.contains("no clipboard for images here: install xclip") == true })
        #expect(pager.quit() == 0)
    }

    /// X11: xclip takes the PNG; xclip reads it back at the photo's own size.
    @Test func throughXclipUnderXvfb() throws {
        guard let xvfb = Platform.executable("Xvfb", path: "/usr/bin:/bin"), Platform.executable("xclip", path: "/usr/bin:/bin") != nil else {
            Issue.record("Xvfb and xclip are test packages (make test installs them)")
            return
        }
        // Xvfb picks a free display and writes its number on stdout once it is ready.
        let server = Process(), number = Pipe()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", "320x240x24", "-nolisten", "tcp"]
        server.standardOutput = number
        server.standardError = FileHandle.nullDevice
        try server.run()
        // SIGKILL: the test process blocks SIGTERM on its threads, and a child keeps that mask.
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        var digits = ""
        while let byte = try number.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { digits.append(Character(Unicode.Scalar(byte))) }
        let display = ":" + digits
        try #require(Int(digits) != nil, "Xvfb said no display")
        let environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        let dir = try Self.folder()
        let pager = try InProcessPager(renderer: .blocks, photos: PhotoLibrary.load([dir.url.path]).photos,
                                       environment: environment, clipboard: true)
        #expect(pager.waitFor { $0.lines.last?.contains("1/1") == true })
        pager.type([.character("Y")])
        #expect(pager.waitFor(within: .seconds(10)) { $0.lines.last?.contains("copied the photo to the clipboard (640 × 427 PNG)") == true },
                "\(pager.terminal.read { $0.lines.last ?? "" })")
        #expect(pager.quit() == 0)
        let out = dir.url.appendingPathComponent("pasted.png").path
        _ = try CommandRunner.shell("DISPLAY=\(display) xclip -selection clipboard -t image/png -o > '\(out)'")
        let pasted = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(pasted.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = pasted[16 ..< 20].reduce(0) { $0 << 8 | Int($1) }, height = pasted[20 ..< 24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 640 && height == 427)
        // The xclip that serves the selection goes with the display.
    }
}
