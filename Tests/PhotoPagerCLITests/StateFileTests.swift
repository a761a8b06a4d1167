import Foundation
import PhotoPagerCore
import Testing
import TestSupport
@testable import PhotoPagerCLI

/// The state file: what the app remembers between runs, written by it, never the config file.
@Suite(.serialized, .ownThreads) struct StateFileTests {
    @Test func readsWhatItWritesAndSkipsWhatItDoesNotKnow() {
        let text = StateFile.text(Remembered(gridTileWidth: 28, showsFilmstrip: true))
        #expect(StateFile.parse(text) == Remembered(gridTileWidth: 28, showsFilmstrip: true))
        #expect(StateFile.parse("filmstrip = off") == Remembered(showsFilmstrip: false))
        // A key a newer version wrote survives this one writing the file.
        let kept = StateFile.text(Remembered(gridTileWidth: 14), previous: "# old\ngrid_tile_width = 40\nzoom = 200\n")
        #expect(kept.contains("zoom = 200") && kept.contains("grid_tile_width = 14") && !kept.contains("= 40"))
        #expect(StateFile.parse("grid_tile_width = banana\nfuture_key = 1\n") == Remembered())
        #expect(StateFile.parse("grid_tile_width=0") == Remembered(), "out of range")
        #expect(StateFile.location(environment: ["HOME": "/h"])?.path == "/h/.local/state/photopager/state")
        #expect(StateFile.location(environment: ["HOME": "/h", "XDG_STATE_HOME": "/s"])?.path == "/s/photopager/state")
    }

    /// `+` in the grid is remembered; the next run starts with it; the config file is untouched.
    @Test func theGridSizeIsKeptForTheNextRun() throws {
        let home = try TemporaryDirectory()
        let first = try InteractiveTestDriver(arguments: ["--renderer", "blocks"], environment: home.environment)
        #expect(first.waitFor(text: "1/6"))
        try first.type("+")
        first.pump(for: .milliseconds(300))
        try first.type("q")
        #expect(first.waitForExit() == .exited(0))
        let state = home.url.appendingPathComponent(".local/state/photopager/state")
        let written = StateFile.parse(try String(contentsOf: state, encoding: .utf8))
        let width = try #require(written.gridTileWidth)
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent(".config/photopager/config").path))

        try StateFile.text(Remembered(gridTileWidth: 112)).write(to: state, atomically: true, encoding: .utf8)
        let second = try InteractiveTestDriver(arguments: ["--renderer", "blocks"], environment: home.environment)
        #expect(second.waitFor(text: "1/6"))
        // One column of screen-wide tiles: one photographer on screen, where the automatic
        // grid shows them all.
        let names = ["NASA", "Rachel Michetti", "Stefan van der Walt", "SpaceX"]
        #expect(second.waitFor { screen in names.filter { name in screen.lines.contains { $0.contains(name) } } == ["NASA"] },
                "\(second.screen)")
        try second.type("q")
        #expect(second.waitForExit() == .exited(0))
        #expect(width > 0)
    }
}
