import Foundation
import Testing
import TestSupport

/// `--slideshow SECONDS` and `--loop` end to end.
@Suite(.serialized, .ownThreads) struct SlideshowCommandTests {
    @Test func itOpensOnTheFirstPhotoAndStopsAtTheLast() throws {
        let app = try InteractiveTestDriver(arguments: ["--slideshow", "0.2", "--renderer", "blocks"])
        #expect(app.waitFor(text: "1/6"))
        #expect(app.waitFor { $0.text(row: 0).contains("↗ share") }, "the pager, not the grid")
        #expect(app.waitFor(text: "6/6", timeout: .seconds(6)))
        app.pump(for: .milliseconds(600))
        #expect(app.screen.lines.last?.contains("6/6") == true, "it stays on the last photo")
        #expect(app.screen.lines.last?.contains("▶ slideshow") == false)
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    /// A pty nobody sized and nobody answers (`script -qfc … /dev/null` from a pipe, a bare
    /// `pty.fork`): it drew nothing at all, and the slideshow ran on an empty screen.
    @Test func itRunsInAnUnsizedSilentTerminal() throws {
        let app = try InteractiveTestDriver(arguments: ["--slideshow", "0.2", "--renderer", "blocks"], columns: 80, rows: 24,
                                            unsized: true, environment: ["COLUMNS": "", "LINES": ""])
        #expect(app.waitFor(text: "1/6"))
        #expect(app.waitFor(text: "3/6", timeout: .seconds(4)))
        #expect(app.screen.lines.last?.contains("▶ slideshow") == true)
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test func loopGoesRoundAndAKeyPausesIt() throws {
        let app = try InteractiveTestDriver(arguments: ["--slideshow", "0.2", "--loop", "--renderer", "blocks"])
        #expect(app.waitFor(text: "6/6", timeout: .seconds(6)))
        #expect(app.waitFor(text: "1/6", timeout: .seconds(3)), "round again")
        try app.type("l")                                      // pauses, and pages
        app.pump(for: .milliseconds(100))
        let now = app.screen.lines.last ?? ""
        app.pump(for: .milliseconds(700))
        #expect(app.screen.lines.last == now, "paused: \(now)")
        #expect(!now.contains("▶ slideshow"))
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test(arguments: [["--slideshow", "0"], ["--slideshow", "soon"], ["list", "--slideshow", "3"], ["list", "--loop"]])
    func badSlideshowFlagsAreUsageErrors(arguments: [String]) throws {
        #expect(try CommandRunner.photopager(arguments).status == 2)
    }
}
