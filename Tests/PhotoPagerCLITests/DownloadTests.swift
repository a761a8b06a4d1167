import Foundation
import Glibc
import HTTPClient
import PhotoLibrary
import PhotoPagerCore
import PhotoPagerBase
import Testing
import TestSupport
import Unsplash
@testable import PhotoPagerCLI

/// `d` and `--print path` for remote photos, against the loopback API.
@Suite(.serialized, .ownThreads) struct DownloadTests {
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

/// Review findings: a photo is downloaded once however fast it is asked for twice, and
/// `--print path` waits for a `d` already running instead of starting another.
@Suite(.serialized, .ownThreads) struct SavedOriginalsTests {
    @Test func twoAsksOneDownload() throws {
        let slow = UnsplashFixture.feed(total: 1)
        let server = try FixtureServer { request in
            if request.path == "/img/original" { usleep(300_000) }
            return slow(request)
        }
        let folder = try TemporaryDirectory()
        let photo = try JSONDecoder().decode(Photo.self, from: Data(UnsplashFixture.photoJSON(id: "p1", base: server.baseURL).utf8))
        let api = UnsplashAPI(base: URL(string: server.baseURL + "/")!, accessKey: "KEY")
        let client = UnsplashClient(api: api, transport: CurlTransport(), cache: nil)
        let originals = SavedOriginals(downloader: PhotoDownloader(directory: folder.url, transport: CurlTransport(), client: client))
        let item = LibraryPhoto(photo: photo, image: .resizable(URL(string: photo.urls.raw!)!))
        let messages = Locked<[AppEvent]>([])
        originals.start(item) { events in messages.withLock { $0 += events } }
        originals.start(item) { events in messages.withLock { $0 += events } }   // d d, fast
        let saved = try originals.save(item).get()                              // q with --print path
        originals.finishRunning { _ in }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [saved.lastPathComponent])
        #expect(server.requests(path: "/img/original").count == 1)
        #expect(server.requests(path: "/photos/p1/download").count == 1)
    }

    /// A file link in a stranger's JSON is not handed to the browser; a local photo's own is.
    @Test func aFileLinkOpensOnlyForTheLocalPhotoItIs() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.copy("sample/rocket.jpg", to: "rocket.jpg")
        let manifest = try folder.write("photos.json", Data("""
        [{"id": "p1", "width": 640, "height": 427, "urls": {"regular": "rocket.jpg"},
          "links": {"html": "file:///usr/share/applications/evil.desktop"}, "user": {"name": "Someone"}}]
        """.utf8))
        let record = folder.url.appendingPathComponent("opened")
        let browser = try folder.write("browser.sh", Data("#!/bin/sh\necho \"$1\" > '\(record.path)'\n".utf8))
        chmod(browser.path, 0o755)
        let app = try InteractiveTestDriver(arguments: [manifest.path], environment: ["BROWSER": browser.path])
        #expect(app.waitFor(text: "1/1"))
        try app.type("o")
        #expect(app.waitFor(text: "Not opened: a file link"), "\(app.screen)")
        app.pump(for: .milliseconds(300))
        #expect(!FileManager.default.fileExists(atPath: record.path))
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
