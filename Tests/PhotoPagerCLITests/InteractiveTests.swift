import Foundation
import PhotoPagerBase
import Glibc
import Testing
import TestSupport

/// The pager end to end, in a pseudo-terminal, looked at through a virtual screen.
@Suite(.serialized, .ownThreads) struct InteractiveTests {
    @Test func sharingTheThirdPhotoPrintsItsURLOnStdout() throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"), "grid never appeared:\n\(app.screen)")
        #expect(app.screen.isAlternateScreen)
        #expect(app.waitFor(text: "Rachel Michetti"))
        try app.type(Character.enter)
        #expect(app.waitFor(text: "↗ share"), "pager never opened:\n\(app.screen)")
        try app.type(Character.right)
        #expect(app.waitFor(text: "2/6"))
        try app.type(Character.right)
        #expect(app.waitFor(text: "3/6"))
        #expect(app.screen.text(row: 0).contains("Stefan van der Walt"))
        try app.type("s")
        #expect(app.waitFor(text: "Shared"))
        try app.type("q")                                       // back to the grid, on photo 3
        #expect(app.waitFor { $0.lines.contains { $0.contains("⏎ open") && $0.contains("3/6") } })
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(app.stdout == "https://github.com/scikit-image/scikit-image/tree/main/skimage/data\n")
        #expect(!app.screen.isAlternateScreen)
        #expect(app.screen.isCursorVisible)
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test func fullscreenHidesTheBar() throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        try app.type(Character.enter)
        #expect(app.waitFor(text: "↗ share"))
        try app.type("f")
        #expect(app.waitFor { screen in !screen.lines.contains { $0.contains("↗ share") || $0.contains("✕") } },
                "bar still shown:\n\(app.screen)")
        try app.type("f")
        #expect(app.waitFor(text: "↗ share"))
        try app.type("\u{03}")                                  // Ctrl-C
        #expect(app.waitForExit() == .exited(130))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test func resizingKeepsThePhoto() throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        try app.type(Character.enter)
        #expect(app.waitFor(text: "↗ share"))
        try app.type(Character.right + Character.right + Character.right)
        #expect(app.waitFor(text: "4/6"))
        try app.pty.setSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        app.process.signal(SIGWINCH)
        #expect(app.waitFor { $0.lines.contains { $0.contains("SpaceX") } && $0.lines.contains { $0.contains("4/6") } })
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalsRestoreTheTerminal(signal: Int32) throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        #expect(try app.pty.settings() != app.settingsBefore)       // raw while running
        app.process.signal(signal)
        let status = app.waitForExit()
        #expect(status == .exited(128 + signal))
        #expect(!app.screen.isAlternateScreen)
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test func suspendRestoresAndResumeRedraws() throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        try app.type("\u{1A}")                                  // Ctrl-Z
        #expect(app.waitUntilStopped(), "not stopped:\n\(app.screen)")
        app.pump(for: .milliseconds(100))
        #expect(!app.screen.isAlternateScreen)
        #expect(try app.pty.settings() == app.settingsBefore)
        // The window shrinks while the pager is stopped; only the shell hears that SIGWINCH.
        try app.pty.setSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        app.process.signal(SIGCONT)                              // fg
        #expect(app.waitFor { $0.isAlternateScreen && $0.text(row: 23).contains("1/6") },
                "not redrawn at the new size:\n\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test func aStartupErrorLeavesTheTerminalAlone() throws {
        let app = try InteractiveTestDriver(arguments: ["/nonexistent/photos"])
        #expect(app.waitForExit() == .exited(1))
        #expect(!app.screen.isAlternateScreen)
        #expect(app.screen.lines.joined().contains("no such file or directory"))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test(arguments: [true, false])
    func sharingCopiesWithOSC52UnlessDisabled(clipboard: Bool) throws {
        let app = try InteractiveTestDriver(arguments: clipboard ? [] : ["--no-clipboard"])
        #expect(app.waitFor(text: "1/6"))
        try app.type("s")                                       // share from the grid
        #expect(app.waitFor(text: "Shared"))
        let url = "https://flic.kr/p/r9qvLn"
        #expect(app.screen.clipboard.map(\.text) == (clipboard ? [url] : []))
        // The status line shows it as a clickable OSC 8 link.
        let statusRow = app.screen.rows - 1
        #expect((0 ..< app.screen.columns).contains { app.screen.cell($0, statusRow).link == url })
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(app.stdout == url + "\n")
    }

    @Test func clickingSelectsThenOpens() throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "Rachel Michetti"))
        // The second thumbnail's caption: click on it (SGR mouse, 1-based column;row).
        let row = try #require(app.screen.lines.firstIndex { $0.contains("Rachel Michetti") })
        let column = try #require(app.screen.lines[row].range(of: "Rachel")).lowerBound.utf16Offset(in: app.screen.lines[row])
        let click = "\u{1B}[<0;\(column + 3);\(row)M\u{1B}[<0;\(column + 3);\(row)m"
        try app.type(click)
        #expect(app.waitFor(text: "2/6"), "click did not select:\n\(app.screen)")
        try app.type(click)
        #expect(app.waitFor { $0.text(row: 0).contains("Rachel Michetti") && $0.text(row: 0).contains("↗ share") },
                "second click did not open:\n\(app.screen)")
        try app.type("\u{03}")
        #expect(app.waitForExit() == .exited(130))
    }

    @Test func aBrokenPhotoShowsAnErrorTileAndPagingGoesOn() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/palette.png", to: "1-good.png")
        var broken = try Data(contentsOf: SharedPhotos.url("formats/gray.png"))
        broken.replaceSubrange(200 ..< broken.count, with: Data(repeating: 0x5A, count: broken.count - 200))
        try tmp.write("2-broken.png", broken)
        try tmp.copy("formats/lossy.webp", to: "3-good.webp")
        let app = try InteractiveTestDriver(arguments: [tmp.url.path])
        #expect(app.waitFor(text: "1/3"))
        try app.type(Character.enter + Character.right)
        #expect(app.waitFor(text: "Can't show this photo"), "no error tile:\n\(app.screen)")
        try app.type(Character.right)
        #expect(app.waitFor(text: "3/3"))
        #expect(app.waitFor { !$0.lines.contains { $0.contains("Can't show") } })
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    /// Thumbnails drawn once must come back when the grid is shown again (they are cached).
    @Test func thumbnailsReturnAfterVisitingThePager() throws {
        let app = try InteractiveTestDriver()
        let thumbnails: (VirtualScreen) -> Bool = { screen in
            screen.lines.joined().filter { $0 == "▀" }.count > 500
        }
        #expect(app.waitFor(thumbnails), "no thumbnails:\n\(app.screen)")
        try app.type(Character.enter)
        #expect(app.waitFor(text: "↗ share"))
        try app.type("q")
        #expect(app.waitFor(text: "⏎ open"))
        #expect(app.waitFor(thumbnails), "thumbnails did not come back:\n\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    /// A fault (here delivered by kill, as the kernel would) still restores the terminal, and
    /// the process still dies of that signal.
    @Test(arguments: [SIGSEGV, SIGABRT, SIGILL])
    func crashesRestoreTheTerminal(signal: Int32) throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        app.process.signal(signal)
        #expect(app.waitForExit() == .signaled(signal))
        #expect(!app.screen.isAlternateScreen)
        #expect(app.screen.isCursorVisible)
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    /// Every pixel protocol through the whole shell: six thumbnails, then the page photo
    /// centred under the bar, then a different image on the next page.
    @Test(arguments: ["sixel", "kitty", "iterm2"])
    func eachPixelRendererDrawsGridAndPager(renderer: String) throws {
        let app = try InteractiveTestDriver(arguments: ["--renderer", renderer])
        #expect(app.waitFor { $0.images.count == 6 }, "\(renderer) grid: \(app.screen.images)")
        #expect(app.screen.images.allSatisfy { $0.kind.rawValue == renderer })
        try app.type(Character.enter)
        #expect(app.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 },
                "\(renderer) pager: \(app.screen.images)\n\(app.screen)")
        let first = app.screen.images.first
        #expect((first?.rect.y ?? 0) >= 1, "below the top bar")
        try app.type(Character.right)
        #expect(app.waitFor { $0.text(row: 29).contains("2/6") && $0.images.count == 1 && $0.images.first != first })
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    /// A link said to be 8 Mbit/s: the page photo goes out with the pixels of ~200 ms on it, in
    /// the box the whole photo has.
    @Test func kittyOverAKnownSlowLinkSendsFewerPixels() throws {
        let fast = try InteractiveTestDriver(arguments: ["--renderer", "kitty"], environment: ["PHOTOPAGER_LINK_MBIT": "0"])
        let slow = try InteractiveTestDriver(arguments: ["--renderer", "kitty"], environment: ["PHOTOPAGER_LINK_MBIT": "8"])
        var shown: [(area: Int, rect: Rect)] = []
        for app in [fast, slow] {
            #expect(app.waitFor { $0.images.count == 6 })
            try app.type(Character.enter)
            #expect(app.waitFor { screen in
                screen.text(row: 0).contains("↗ share") && screen.images.count == 1
                    && screen.kittyTransmissions.contains { $0.imageID == screen.images.first?.kittyImageID }
            })
            let (image, sent) = app.screen.images.first.map { image in
                (image, app.screen.kittyTransmissions.last { $0.imageID == image.kittyImageID })
            } ?? (nil, nil)
            let size = try #require(sent?.pixelSize)
            shown.append((size.width * size.height, try #require(image).rect))
            try app.type("\u{03}")
            #expect(app.waitForExit() == .exited(130))
        }
        #expect(shown[1].area <= 50_000 && shown[0].area > 100_000, "\(shown)")
        #expect(shown[1].rect == shown[0].rect)
    }

    /// Every synchronized update the app ends, it began, from the first frame to the leave bytes:
    /// kitty logs an end outside an update ("Pending mode stop command issued while not in
    /// pending mode"), which the leave bytes' bare `?2026l` did at every exit.
    @Test func synchronizedUpdatesAreBalanced() throws {
        let app = try InteractiveTestDriver(arguments: ["--renderer", "kitty"])
        #expect(app.waitFor { $0.images.count == 6 })
        try app.type(Character.enter)
        #expect(app.waitFor { $0.text(row: 0).contains("↗ share") })
        try app.type(Character.right)
        #expect(app.waitFor(text: "2/6"))
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        let text = String(decoding: app.output, as: UTF8.self)
        var open = false, ends = 0
        for match in text.matches(of: /\x1B\[\?2026([hl])/) {
            if match.1 == "h" { open = true; continue }
            #expect(open, "an end with no update open, after \(ends) balanced ones")
            open = false
            ends += 1
        }
        #expect(ends >= 3 && !open)
    }

    /// kitty: while the person looks at a photo, its neighbours are sent ahead as hidden images;
    /// the page turn then only places one (no transmission after the key), and the neighbour is
    /// never sent twice.
    @Test func kittyPageTurnsPlaceImagesSentAhead() throws {
        // A fast link, said so: this test's own reading (a virtual screen parsing megabytes, slow
        // under a sanitizer) would be measured as a slow one.
        let app = try InteractiveTestDriver(arguments: ["--renderer", "kitty"], environment: ["PHOTOPAGER_LINK_MBIT": "0"])
        #expect(app.waitFor { $0.images.count == 6 })
        try app.type(Character.enter)
        #expect(app.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        // Idle: the neighbours (+1 and +2 from the first photo) go ahead.
        let placedID = app.screen.images.first?.kittyImageID
        #expect(app.waitFor(timeout: .seconds(5)) { screen in
            screen.kittyTransmissions.filter { $0.imageID != placedID }.count >= 6 + 2
        }, "nothing sent ahead: \(app.screen.kittyTransmissions.map(\.imageID))")
        app.pump(for: .milliseconds(300))
        let sentBefore = app.screen.kittyTransmissions.count
        let offset = app.output.count
        try app.type(Character.right)
        #expect(app.waitFor { $0.text(row: 29).contains("2/6") && $0.images.count == 1 && $0.images.first?.kittyImageID != placedID })
        let turn = String(decoding: app.output[offset...], as: UTF8.self)
        #expect(!turn.contains("a=t"), "the page turn transmitted an image")
        #expect(turn.contains("a=p"))
        #expect(app.screen.kittyTransmissions.count - sentBefore <= 1, "at most the next neighbour goes ahead")
        #expect(app.screen.kittyErrors.isEmpty)
        try app.type("\u{03}")
        #expect(app.waitForExit() == .exited(130))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    /// libcaca's text art (the Linux console's renderer) fills the thumbnail boxes with
    /// coloured characters and the pager still pages.
    @Test func cacaDrawsTextArt() throws {
        let app = try InteractiveTestDriver(arguments: ["--renderer", "caca"])
        #expect(app.waitFor { screen in
            (0 ..< 5).contains { row in screen.text(row: row).filter { !$0.isWhitespace }.count > 40 }
        }, "no text art:\n\(app.screen)")
        try app.type(Character.enter + Character.right)
        #expect(app.waitFor(text: "2/6"))
        try app.type("\u{03}")
        #expect(app.waitForExit() == .exited(130))
    }
}
