import Foundation
import Glibc
import Testing
import TestSupport

/// Ctrl-X then a key runs the person's key handler (nsxiv's habit): the key's name as its
/// argument, the marked photos' paths on its stdin, the terminal restored for it (cooked mode,
/// main screen) and taken back; its last line or its failure on the status line; a photo it
/// removed leaves the grid.
@Suite(.serialized, .ownThreads) struct KeyHandlerCommandTests {
    static func setUp(_ script: String) throws -> (folder: TemporaryDirectory, home: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try folder.copy("sample/rocket.jpg", to: name) }
        let home = try TemporaryDirectory()
        let handler = try home.write(".config/photopager/key-handler", Data(script.utf8))
        chmod(handler.path, 0o755)
        return (folder, home)
    }

    @Test func theHandlerGetsTheKeyThePathsAndTheTerminal() throws {
        let (folder, home) = try Self.setUp("""
            #!/bin/sh
            out="$(dirname "$0")/ran"
            echo "key=$1" > "$out"
            cat >> "$out"
            if stty -a < /dev/tty | grep -q -- '-icanon'; then echo raw >> "$out"; else echo cooked >> "$out"; fi
            [ "$1" = w ] && echo "2 photos done"
            [ "$1" = d ] && { head -n1 "$out" >/dev/null; rm "$(sed -n 2p "$out")"; echo removed; }
            [ "$1" = f ] && { echo "no such folder" ; exit 3; }
            exit 0
            """)
        let ran = home.url.appendingPathComponent(".config/photopager/ran")
        let app = try InteractiveTestDriver(arguments: [folder.url.path], environment: home.environment)
        #expect(app.waitFor(text: "1/3"), "\(app.screen)")
        for keys in ["m", Character.right, "m", "\u{18}", "w"] {
            try app.type(keys)
            app.pump(for: .milliseconds(60))
        }
        #expect(app.waitFor(text: "key-handler w: 2 photos done"), "\(app.screen)")
        let paths = ["a.jpg", "b.jpg"].map { folder.url.appendingPathComponent($0).path }
        #expect(try String(contentsOf: ran, encoding: .utf8) == "key=w\n" + paths.joined(separator: "\n") + "\ncooked\n")
        #expect(app.screen.isAlternateScreen)
        for keys in ["m", "M", "M", "\u{18}", "f"] {           // marks off; the photo looked at alone
            try app.type(keys)
            app.pump(for: .milliseconds(60))
        }
        #expect(app.waitFor(text: "key-handler f failed (exit 3): no such folder"), "\(app.screen)")
        try app.type("\u{18}")
        app.pump(for: .milliseconds(60))
        try app.type("d")
        #expect(app.waitFor(text: "key-handler d: removed"), "\(app.screen)")
        #expect(app.waitFor(text: "/2"), "\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test func withoutAHandlerTheStatusLineSaysWhere() throws {
        let folder = try TemporaryDirectory()
        try folder.copy("sample/rocket.jpg", to: "a.jpg")
        let home = try TemporaryDirectory()
        let app = try InteractiveTestDriver(arguments: [folder.url.path], environment: home.environment)
        #expect(app.waitFor(text: "1/1"), "\(app.screen)")
        try app.type("\u{18}")
        app.pump(for: .milliseconds(60))
        try app.type("w")
        #expect(app.waitFor(text: "no key handler: make an executable"), "\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
