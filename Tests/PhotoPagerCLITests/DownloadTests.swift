import Foundation
import Testing
import TestSupport
@testable import PhotoPagerCLI

/// `d` and `--print path` for remote photos, against the loopback API.
@Suite(.serialized) struct DownloadTests {
    @Test func theFolderIsTheFlagThenXDGDownloadDirThenHomeDownloads() throws {
        let home = try TemporaryDirectory()
        let environment = ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path + "/.config"]
        #expect(DownloadDirectory.resolve(flag: "~/pics", environment: environment)?.path == home.url.path + "/pics")
        #expect(DownloadDirectory.resolve(flag: nil, environment: environment)?.path == home.url.path + "/Downloads")
        _ = try home.write(".config/user-dirs.dirs", Data("""
        # written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_DOWNLOAD_DIR="$HOME/Téléchargements"
        """.utf8))
        #expect(DownloadDirectory.resolve(flag: nil, environment: environment)?.path == home.url.path + "/Téléchargements")
        #expect(DownloadDirectory.userDir(#"XDG_DOWNLOAD_DIR="relative/dir""#, home: "/h") == nil, "only absolute")
        #expect(DownloadDirectory.resolve(flag: nil, environment: [:]) == nil)
    }

    static func unsplash(_ server: FixtureServer, _ home: TemporaryDirectory, _ arguments: [String]) throws -> InteractiveTestDriver {
        let environment = home.environment.merging(["UNSPLASH_API_URL": server.baseURL, "UNSPLASH_ACCESS_KEY": "KEY"]) { $1 }
        return try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks",
                                                     "--download-dir", home.url.appendingPathComponent("saved").path] + arguments,
                                         environment: environment)
    }

    @Test func dSavesTheOriginalAndSaysWhere() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 3))
        let home = try TemporaryDirectory()
        let app = try Self.unsplash(server, home, [])
        #expect(app.waitFor(text: "1/3"))
        try app.type(Character.enter)
        try app.type("d")
        #expect(app.waitFor(text: "Saved "), "\(app.screen)")
        let saved = home.url.appendingPathComponent("saved/p1-ansel.jpg")
        #expect(try Data(contentsOf: saved) == UnsplashFixture.jpeg)
        try app.type("s")                                      // shared after the download: no second ping
        #expect(app.waitFor(text: "Shared"))
        app.pump(for: .milliseconds(300))
        #expect(server.requests(path: "/photos/p1/download").count == 1)
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    /// A marked remote photo printed as a path is downloaded first, as `d` would.
    @Test func printPathDownloadsAMarkedRemotePhoto() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 3))
        let home = try TemporaryDirectory()
        let app = try Self.unsplash(server, home, ["--print", "path"])
        #expect(app.waitFor(text: "1/3"))
        try app.type(Character.right)
        try app.type("m")
        #expect(app.waitFor(text: "1 marked"))
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        let path = home.url.appendingPathComponent("saved/p2-ansel.jpg").path
        #expect(app.stdout == path + "\n")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aLocalPhotoIsAlreadyOnDisk() throws {
        let app = try InteractiveTestDriver()
        #expect(app.waitFor(text: "1/6"))
        try app.type("d")
        #expect(app.waitFor(text: "Already on disk: "), "\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
