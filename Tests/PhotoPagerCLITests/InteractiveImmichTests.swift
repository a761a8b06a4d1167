import Foundation
import PhotoPagerBase
import Testing
import TestSupport

/// Browsing an Immich library as a person would, against the loopback Immich: the grid from
/// the timeline's first page, the pager past it, share, and a wrong key on the status line.
@Suite(.serialized, .ownThreads) struct InteractiveImmichTests {
    /// The pager on `fixture`'s library in blocks, with `key` (the fixture's unless given) in
    /// IMMICH_API_KEY and `home` as the home directory (its config file, if any).
    func browse(_ fixture: ImmichFixture, home: TemporaryDirectory, key: String? = nil, extra: [String] = [],
                columns: Int = 100) throws -> InteractiveTestDriver {
        let environment = home.environment.merging(["IMMICH_API_KEY": key ?? fixture.key, "PHOTOPAGER_HTTP_TIMEOUT": "2"]) { $1 }
        return try InteractiveTestDriver(arguments: ["--immich", fixture.baseURL, "--renderer", "blocks"] + extra, columns: columns,
                                         environment: environment)
    }

    @Test func gridPagerAndShare() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(230))
        fixture.externalDomain = "https://photos.example.org"
        let home = try TemporaryDirectory()
        let downloads = try TemporaryDirectory()
        let app = try browse(fixture, home: home, extra: ["--download-dir", downloads.url.path])
        #expect(app.waitFor(text: "1/"), "grid never appeared:\n\(app.screen)")
        #expect(app.screen.lines.last?.contains("Immich") == true, "\(app.screen)")
        // Thumbnails (WebP, sent as image/jpeg) drawn as half-blocks.
        #expect(app.waitFor { $0.lines.joined().filter { $0 == "▀" }.count > 100 }, "no thumbnails:\n\(app.screen)")
        try app.type(Character.enter)
        try app.type("s")
        #expect(app.waitFor(text: "Shared"), "\(app.screen)")
        try app.type("d")                                           // the original, under the name it had
        #expect(app.waitFor(text: "Saved"), "\(app.screen)")
        #expect(FileManager.default.fileExists(atPath: downloads.url.appendingPathComponent("IMG_0001.jpg").path))
        #expect(fixture.requests.contains { $0.path.hasSuffix("/original") && $0.header("x-api-key") == fixture.key })
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(app.stdout == "https://photos.example.org/photos/\(fixture.assets[0].id)\n")
        let images = fixture.requests.filter { $0.path.hasSuffix("/thumbnail") }
        #expect(!images.isEmpty && images.allSatisfy { $0.header("x-api-key") == fixture.key })
        #expect(images.contains { $0.query["size"] == "thumbnail" } && images.contains { $0.query["size"] == "preview" })
        #expect(try app.pty.settings() == app.settingsBefore)
    }

    /// F marks a favourite in the library at once; one the server refuses is put back, saying why.
    @Test func fMarksAFavouriteAndARefusalIsPutBack() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(4))
        fixture.refusesFavourite = [fixture.assets[1].id]
        let home = try TemporaryDirectory()
        let app = try browse(fixture, home: home)
        #expect(app.waitFor(text: "1/4"), "grid never appeared:\n\(app.screen)")
        try app.type(Character.enter)
        try app.type("F")
        #expect(app.waitFor(text: "♥"), "no heart:\n\(app.screen)")
        for _ in 0 ..< 100 where !fixture.assets[0].favourite { app.pump(for: .milliseconds(20)) }
        #expect(fixture.assets[0].favourite)
        #expect(fixture.requests.contains { $0.method == "PUT" && $0.path == "/api/assets/\(fixture.assets[0].id)" })
        try app.type(Character.right)
        try app.type("F")
        #expect(app.waitFor(text: "was not saved"), "no refusal:\n\(app.screen)")
        #expect(app.screen.lines.last?.contains("♥") == false)
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    /// P makes a public link only when asked, with the config's expiry, and says it is public.
    @Test func pMakesAPublicLink() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(3))
        let home = try TemporaryDirectory()
        let config = try home.write(".config/photopager/config", Data("immich_link_days = 0\n".utf8))
        chmod(config.path, 0o600)
        let app = try browse(fixture, home: home, columns: 160)
        #expect(app.waitFor(text: "1/3"), "grid never appeared:\n\(app.screen)")
        #expect(fixture.requests.allSatisfy { $0.path != "/api/shared-links" })     // never made unasked
        try app.type(Character.enter)
        try app.type("P")
        #expect(app.waitFor(text: "PUBLIC link"), "no link:\n\(app.screen)")
        #expect(app.screen.lines.last?.contains("until revoked") == true && app.screen.lines.last?.contains("/share/") == true)
        #expect(fixture.requests.filter { $0.path == "/api/shared-links" }.count == 1)
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test func aWrongKeyIsAStatusLineMessage() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(3))
        let home = try TemporaryDirectory()
        let app = try browse(fixture, home: home, key: "wrong")
        #expect(app.waitFor(text: "refused the API key"), "no message:\n\(app.screen)")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }
}
