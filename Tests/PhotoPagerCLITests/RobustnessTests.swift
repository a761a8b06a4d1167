import Foundation
import Glibc
import Testing
import TestSupport

/// What already held when measured from outside, kept in the suite: hostile or broken input,
/// and a terminal that stops reading, never crash or wedge the app, and `q` still quits.
@Suite(.ownThreads) struct RobustnessTests {
    /// Backs out of anything (info panel, key map, pager) and quits.
    static func quit(_ app: InteractiveTestDriver) throws -> PseudoTerminalProcess.ExitStatus? {
        for _ in 0 ..< 4 {
            try app.type("\u{1B}")
            app.pump(for: .milliseconds(80))
            try app.type("q")
            if let status = app.waitForExit(timeout: .milliseconds(400)) { return status }
        }
        return app.waitForExit()
    }

    /// How long the random typing goes on: 3 s per renderer in `make test`, 20 s in `make soak`
    /// (PHOTOPAGER_TYPING_SECONDS).
    static let typingSeconds = ProcessInfo.processInfo.environment["PHOTOPAGER_TYPING_SECONDS"].flatMap(Int.init) ?? 3

    /// Random bytes and escape fragments typed for `typingSeconds` (Ctrl-Z and Ctrl-C left out:
    /// they suspend and quit, as they should).
    @Test(arguments: ["blocks", "sixel", "kitty"])
    func randomTypingNeitherCrashesNorWedges(renderer: String) throws {
        let app = try InteractiveTestDriver(arguments: ["--renderer", renderer])
        #expect(app.waitFor(text: "1/6"))
        var generator = SplitMix64(seed: UInt64(renderer.utf8.count))
        let fragments = ["\u{1B}[", "\u{1B}]", "\u{1B}P", "\u{1B}_G", "\u{1B}[<", "\u{1B}[200~", "\u{1B}[201~", "\u{1B}O"]
        let clock = ContinuousClock()
        let end = clock.now + .seconds(Self.typingSeconds)
        while clock.now < end {
            var bytes: [UInt8] = []
            for _ in 0 ..< 16 {
                if generator.next() % 4 == 0 {
                    bytes += Array(fragments[Int(generator.next() % UInt64(fragments.count))].utf8)
                } else {
                    let byte = UInt8(truncatingIfNeeded: generator.next())
                    if byte != 0x1A && byte != 0x03 { bytes.append(byte) }
                }
            }
            try app.pty.write(bytes)
            app.pump(for: .milliseconds(10))
            #expect(app.process.status == nil, "it ended while being typed at")
            if app.process.status != nil { return }
        }
        app.pump(for: .milliseconds(300))
        #expect(try Self.quit(app) == .exited(0))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    /// An escape sequence (or paste) begun and never finished, then a second of silence: the
    /// next keys are keys again.
    @Test(arguments: ["\u{1B}]52;c;abc", "\u{1B}Pq#0;2;0", "\u{1B}_Ga=T;AAAA", "\u{1B}[200~half a paste", "\u{1B}[12"])
    func anUnfinishedSequenceStillLetsQQuit(start: String) throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        try app.type(start)
        app.pump(for: .milliseconds(1_100))
        try app.type("q")
        #expect(app.waitForExit() == .exited(0), "\(start.debugDescription) swallowed the q")
    }

    /// The terminal stops reading for 3 s while page turns pile up megabytes of sixel: once it
    /// reads again, the app answers and quits at once.
    /// libjxl prints its debug lines to stderr for a broken file (Debian's build): with stderr
    /// on the terminal, none of them reaches the pager's screen, and the error tile shows.
    @Test(.enabled(if: Conformance.formatsAvailable, "needs ../shared/conformance"))
    func whatLibrariesPrintNeverReachesTheScreen() throws {
        let tmp = try TemporaryDirectory()
        try tmp.write("a.jxl", Data(contentsOf: SharedPhotos.conformance.appendingPathComponent("jxl/libjxl-ossfuzz_djxl_fuzzer-5489367788945408.jxl")))
        try tmp.copy("formats/palette.png", to: "b.png")
        let app = try InteractiveTestDriver(arguments: ["--renderer", "blocks", tmp.url.path])
        #expect(app.waitFor { $0.lines.joined().contains("2 photos") || $0.lines.joined().contains("1/2") || !$0.lines.joined().isEmpty })
        try app.type("\r")
        app.pump(for: .milliseconds(1500))
        #expect(!String(decoding: app.output, as: UTF8.self).contains("JXL_"), "libjxl wrote on the screen")
        #expect(try Self.quit(app) == .exited(0))
    }

    @Test func aTerminalThatStopsReadingDoesNotKeepItFromQuitting() throws {
        let app = try InteractiveTestDriver(arguments: ["--renderer", "sixel"])
        #expect(app.waitFor { $0.images.count == 6 })
        try app.type("\r")
        #expect(app.waitFor { $0.images.count == 1 })
        for _ in 0 ..< 10 { try app.type("\u{1B}[C"); usleep(100_000) }  // nobody reads meanwhile
        usleep(2_000_000)
        try app.type("qq")
        #expect(app.waitForExit(timeout: .seconds(5)) == .exited(0))
        #expect(try app.pty.settings() == app.settingsBefore)
    }
}
