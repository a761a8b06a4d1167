import Foundation
import PhotoPagerBase
import Testing
import TestSupport

/// Ratings on the command line: `list`'s rating column and JSON, `--min-rating`, `--rejected`,
/// `--sort rating`, the `min_rating` config key, their usage errors, and `--print` with
/// `--min-rating` printing at exit the photos rated so then.
@Suite(.serialized, .ownThreads) struct RatingCommandTests {
    /// a: 4 stars (sidecar), b: rejected (sidecar), c: nothing, d: 2 stars inside the photo.
    static func folder() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] { try dir.copy("sample/rocket.jpg", to: name) }
        try dir.write("a.jpg.xmp", Data(XMPPacket.empty.setting(.rating, to: "4")!.bytes))
        try dir.write("b.jpg.xmp", Data(XMPPacket.empty.setting(.rating, to: "-1")!.bytes))
        _ = try CommandRunner.shell("exiftool -q -overwrite_original -XMP-xmp:Rating=2 '\(dir.url.appendingPathComponent("d.jpg").path)'")
        return dir
    }

    /// The names and the rating column of `list`.
    static func listed(_ arguments: [String], in folder: TemporaryDirectory, environment: [String: String] = [:]) throws -> [String] {
        let result = try CommandRunner.photopager(["list", folder.url.path] + arguments, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutText.split(separator: "\n").map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (columns[3].split(separator: "/").last.map(String.init) ?? "") + " " + columns[4]
        }
    }

    @Test func listFiltersAndSortsByRating() throws {
        let folder = try Self.folder()
        #expect(try Self.listed([], in: folder) == ["a.jpg 4", "b.jpg -1", "c.jpg 0", "d.jpg 2"])
        #expect(try Self.listed(["--min-rating", "2"], in: folder) == ["a.jpg 4", "d.jpg 2"])
        #expect(try Self.listed(["--min-rating", "0"], in: folder) == ["a.jpg 4", "c.jpg 0", "d.jpg 2"])
        #expect(try Self.listed(["--rejected"], in: folder) == ["b.jpg -1"])
        #expect(try Self.listed(["--sort", "rating"], in: folder) == ["a.jpg 4", "d.jpg 2", "c.jpg 0", "b.jpg -1"])
        #expect(try Self.listed(["--sort", "rating", "--reverse", "--min-rating", "1"], in: folder) == ["d.jpg 2", "a.jpg 4"])
        #expect(try Self.listed(["--min-rating", "1", "--limit", "1"], in: folder) == ["a.jpg 4"])
        let json = try CommandRunner.photopager(["list", "--json", "--min-rating", "4", folder.url.path])
        let photos = try JSONDecoder().decode([Photo].self, from: json.stdout)
        #expect(photos.map(\.rating) == [4] && json.stdoutText.contains(#""rating" : 4"#))
        // The config's min_rating is a default; --rejected or a flag's own value wins.
        let home = try TemporaryDirectory()
        try home.write(".config/photopager/config", Data("min_rating = 3\n".utf8))
        #expect(try Self.listed([], in: folder, environment: home.environment) == ["a.jpg 4"])
        #expect(try Self.listed(["--rejected"], in: folder, environment: home.environment) == ["b.jpg -1"])
        #expect(try Self.listed(["--min-rating", "2"], in: folder, environment: home.environment) == ["a.jpg 4", "d.jpg 2"])
    }

    @Test func usageErrors() throws {
        for (arguments, message) in [(["--min-rating", "6"], "--min-rating is a number of stars from 0 to 5, got '6'"),
                                     (["--min-rating", "2", "--rejected"], "--min-rating and --rejected choose different photos: choose one"),
                                     (["--unsplash", "--rejected"], "Unsplash's photos have none")] {
            let result = try CommandRunner.photopager(["list"] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let home = try TemporaryDirectory()
        try home.write(".config/photopager/config", Data("min_rating = many\n".utf8))
        let bad = try CommandRunner.photopager(["list", "."], environment: home.environment)
        #expect(bad.status == 2 && bad.stderr.contains("min_rating is a number of stars from 0 to 5, not 'many'"))
    }

    /// `--print path --min-rating 2`: the pager shows a and d; d is demoted with 1, c is never
    /// shown; at exit a (still 4 stars) is printed without a mark.
    @Test func printAtExitTakesThePhotosRatedThen() throws {
        let folder = try Self.folder()
        let app = try InteractiveTestDriver(arguments: [folder.url.path, "--print", "path", "--min-rating", "2"])
        #expect(app.waitFor(text: "1/2"), "\(app.screen)")
        try app.type(Character.right)
        app.pump(for: .milliseconds(60))
        try app.type("1")
        #expect(app.waitFor(text: "★☆☆☆☆"), "\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(app.stdout == folder.url.appendingPathComponent("a.jpg").path + "\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("d.jpg.xmp"), encoding: .utf8).contains(#"xmp:Rating="1""#))
    }
}

/// A sidecar that cannot be written whole (the file size limit stands in for a full disk:
/// `ulimit -f`): the status line says why, the rating goes back, the sidecar before is intact
/// and no temporary file is left; the pager goes on and restores the terminal.
@Suite(.serialized, .ownThreads) struct FullDiskTests {
    @Test func aWriteThatDoesNotFitLeavesTheOldSidecar() throws {
        let folder = try TemporaryDirectory()
        try folder.copy("sample/rocket.jpg", to: "a.jpg")
        // 1,024 bytes with no rating: adding one makes it longer than `ulimit -f 2` allows.
        var packet = String(decoding: XMPPacket.empty.bytes, as: UTF8.self)
        packet += "<!--" + String(repeating: "x", count: 1024 - packet.utf8.count - 8) + "-->\n"
        let sidecar = try folder.write("a.jpg.xmp", Data(packet.utf8))
        let before = try Data(contentsOf: sidecar)
        #expect(before.count == 1024)
        let app = try InteractiveTestDriver(arguments: [folder.url.path], columns: 220, shellFirst: "ulimit -f 2; ")
        #expect(app.waitFor(text: "1/1"), "\(app.screen)")
        try app.type("4")
        #expect(app.waitFor(text: "the rating was not saved: cannot write"), "\(app.screen)")
        #expect(app.screen.text(row: app.screen.rows - 1).contains("File too large"))
        #expect(!app.screen.text(row: app.screen.rows - 1).contains("★"))
        #expect(try Data(contentsOf: sidecar) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["a.jpg", "a.jpg.xmp"])
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(try app.pty.settings() == app.settingsBefore)
    }
}
