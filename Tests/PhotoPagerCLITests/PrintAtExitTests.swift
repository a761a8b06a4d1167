import Foundation
import Glibc
import Testing
import TestSupport

/// What `q` prints: the shared and marked photos, once, in the order chosen, in the `--print`
/// form; Ctrl-C prints nothing and exits 130 (as fzf).
@Suite(.serialized, .ownThreads) struct PrintAtExitTests {
    /// A folder of three photos, by name: `names[0]` sorts first.
    static func folder(_ names: [String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (name, photo) in zip(names, ["sample/rocket.jpg", "sample/coffee.png", "sample/chelsea.png"]) {
            _ = try folder.copy(photo, to: name)
        }
        return folder
    }

    /// In the grid: mark the first, share the second, mark the third, then unmark and mark the
    /// first again (it keeps its place); then `finish` ("q" or Ctrl-C).
    static func pick(in folder: TemporaryDirectory, arguments: [String], finish: String = "q") throws -> InteractiveTestDriver {
        let app = try InteractiveTestDriver(arguments: [folder.url.path] + arguments)
        #expect(app.waitFor(text: "1/3"), "\(app.screen)")
        for keys in ["m", Character.right, "s", Character.right, "m", "\u{1B}[H", "m", "m"] {
            try app.type(keys)
            app.pump(for: .milliseconds(60))
        }
        #expect(app.waitFor(text: "2 marked"), "\(app.screen)")
        try app.type(finish)
        #expect(app.waitForExit() == (finish == "q" ? .exited(0) : .exited(130)))
        return app
    }

    @Test func pathsGoOutInTheOrderChosenAndXargsCopiesThem() throws {
        let folder = try Self.folder(["a.jpg", "b.png", "c.png"])
        let app = try Self.pick(in: folder, arguments: ["--print", "path"])
        let paths = ["a.jpg", "b.png", "c.png"].map { folder.url.appendingPathComponent($0).path }
        #expect(app.stdout == paths.joined(separator: "\n") + "\n")
        // `photopager DIR --print path | xargs -r cp -t DIR`, the issue's own pipeline.
        let picked = try TemporaryDirectory()
        let copy = try CommandRunner.shell("xargs -r cp -t '\(picked.url.path)' < '\(app.stdoutFile.path)'")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: picked.url.path).sorted() == ["a.jpg", "b.png", "c.png"])
    }

    /// Names with spaces, quotes and semicolons survive `--print0 | xargs -0`.
    @Test func print0SeparatesWithNUL() throws {
        let names = ["a b.jpg", "c'd.png", "e;f.png"]
        let folder = try Self.folder(names)
        let app = try Self.pick(in: folder, arguments: ["--print", "path", "--print0"])
        let paths = names.map { folder.url.appendingPathComponent($0).path }
        #expect(app.stdout == paths.map { $0 + "\0" }.joined())
        let picked = try TemporaryDirectory()
        let copy = try CommandRunner.shell("xargs -0 -r cp -t '\(picked.url.path)' < '\(app.stdoutFile.path)'")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: picked.url.path).sorted() == names.sorted())
    }

    @Test func idsAndJSON() throws {
        let folder = try Self.folder(["a.jpg", "b.png", "c.png"])
        let ids = try Self.pick(in: folder, arguments: ["--print", "id"]).stdout.split(separator: "\n")
        #expect(ids.count == 3 && Set(ids).count == 3)
        let json = try Self.pick(in: folder, arguments: ["--print", "json"]).stdout.split(separator: "\n")
        #expect(json.count == 3)
        let objects = try json.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.compactMap { $0["id"] as? String } == ids.map(String.init), "the same photos, in the same order")
    }

    @Test func ctrlCPrintsNothingAndExits130() throws {
        let folder = try Self.folder(["a.jpg", "b.png", "c.png"])
        let app = try Self.pick(in: folder, arguments: ["--print", "path"], finish: "\u{03}")
        #expect(app.stdout.isEmpty)
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    @Test(arguments: [["list", "--print", "path"], ["render", "x.jpg", "--print0"], ["--print", "paths"], ["--print"]])
    func printIsForThePagerOnly(arguments: [String]) throws {
        let result = try CommandRunner.photopager(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--print"))
    }
}
