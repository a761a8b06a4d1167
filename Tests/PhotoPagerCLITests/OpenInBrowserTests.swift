import Foundation
import Glibc
import Testing
import TestSupport
@testable import PhotoPagerCLI

/// `o`: the photo's page goes to `$BROWSER` (else xdg-open), without a shell, the URL one
/// argument, the child on its own and reaped.
@Suite(.serialized, .ownThreads) struct OpenInBrowserTests {
    static let url = "https://example.com/photos/it's;here?x=1&y='2'%20z"

    @Test func browserListsSplitWordsAndPlaceTheURL() {
        let commands = BrowserLauncher.commands(for: Self.url, environment: ["BROWSER": "firefox:chromium --new-window %s::w3m -N"])
        #expect(commands == [["firefox", Self.url], ["chromium", "--new-window", Self.url], ["w3m", "-N", Self.url],
                             ["xdg-open", Self.url]])
        #expect(BrowserLauncher.commands(for: Self.url, environment: [:]) == [["xdg-open", Self.url]])
    }

    @Test func theFirstCommandThatStartsWins() {
        var tried: [String] = []
        let message = BrowserLauncher.open(Self.url, environment: ["BROWSER": "nonexistent-browser:second"]) { argv, _ in
            tried.append(argv[0])
            return argv[0] == "second"
        }
        #expect(tried == ["nonexistent-browser", "second"])
        #expect(message == "Opened with second")
        #expect(BrowserLauncher.open("javascript:alert(1)", environment: [:]) { _, _ in true }.hasPrefix("Not opened"))
        #expect(BrowserLauncher.open(Self.url, environment: [:]) { _, _ in false }.hasPrefix("Could not open"))
    }

    /// A recording browser: each argument on a line of its own, then its session id and
    /// whether it had a terminal.
    @Test func oHandsThePageToTheBrowserAsOneArgument() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.copy("sample/rocket.jpg", to: "rocket.jpg")
        let manifest = """
        [{"id": "p1", "width": 640, "height": 427, "urls": {"regular": "rocket.jpg"},
          "links": {"html": "\(Self.url)"}, "user": {"name": "Someone"}}]
        """
        let manifestURL = try folder.write("photos.json", Data(manifest.utf8))
        let record = folder.url.appendingPathComponent("args.txt")
        let browser = try folder.write("browser.sh", Data("""
        #!/bin/sh
        for a in "$@"; do printf '%s\\n' "$a"; done > '\(record.path).tmp'
        ps -o sid= -p $$ | tr -d ' ' >> '\(record.path).tmp'
        if [ -t 0 ] || [ -t 1 ]; then echo tty; else echo no-tty; fi >> '\(record.path).tmp'
        mv '\(record.path).tmp' '\(record.path)'
        """.utf8))
        chmod(browser.path, 0o755)

        let app = try InteractiveTestDriver(arguments: [manifestURL.path], environment: ["BROWSER": browser.path + " --new-tab %s"])
        #expect(app.waitFor(text: "1/1"))
        try app.type("o")
        #expect(app.waitFor(text: "Opened with"), "\(app.screen)")
        let clock = ContinuousClock()
        let deadline = clock.now + TestTimeouts.scaled(.seconds(5))
        while !FileManager.default.fileExists(atPath: record.path), clock.now < deadline { app.pump(for: .milliseconds(50)) }
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["--new-tab", Self.url], "\(lines)")
        #expect(lines.count == 4)
        #expect(lines.dropFirst(2).first != String(getsid(app.process.pid)), "a session of its own")
        #expect(lines.last == "no-tty", "its output goes to /dev/null, not over the UI")
        // The UI is intact, and the browser did not stay behind as a zombie.
        try app.type(Character.enter)
        #expect(app.waitFor(text: "↗ share"))
        usleep(200_000)
        let children = try CommandRunner.shell("ps -o stat= --ppid \(app.process.pid)").stdoutText
        #expect(!children.contains("Z"), "a zombie child: \(children)")
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
