import PhotoPagerBase
import Foundation
import Glibc
import Testing
import TestSupport

/// Browsing Unsplash as a person would, against the loopback server: past a page boundary,
/// share, quit, and the same feed again with the server gone.
@Suite(.serialized, .ownThreads) struct InteractiveUnsplashTests {
    @Test func pagingPastThePageBoundarySharesAndPingsThenBrowsesOffline() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 12, perPage: 5))
        let home = try TemporaryDirectory()
        let environment = home.environment.merging(["UNSPLASH_API_URL": server.baseURL, "UNSPLASH_ACCESS_KEY": "KEY",
                                                    "PHOTOPAGER_HTTP_TIMEOUT": "2"]) { $1 }
        let app = try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks"], environment: environment)
        #expect(app.waitFor(text: "1/12"), "grid never appeared:\n\(app.screen)")
        #expect(app.screen.lines.last?.contains("Unsplash") == true)
        try app.type(Character.enter)
        #expect(app.waitFor(text: "Photo by Ansel Adams on Unsplash"), "no credit:\n\(app.screen)")
        for number in 2 ... 7 {
            try app.type(Character.right)
            #expect(app.waitFor(text: "\(number)/12"), "stuck before \(number):\n\(app.screen)")
        }
        try app.type("s")
        #expect(app.waitFor(text: "Shared"))
        app.pump(for: .milliseconds(300))
        try app.type("q")
        // Back in the grid, page 3 is asked for: quit only once it was (under AddressSanitizer
        // the second q could come first, and the request with it never went out).
        for _ in 0 ..< 200 where server.requests(path: "/photos").count < 3 { app.pump(for: .milliseconds(50)) }
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(app.stdout == "https://unsplash.com/photos/p7?utm_source=photopager&utm_medium=referral\n")
        // Page 2 from the pager, page 3 from the grid it returned to (7 of 10: within two rows); none twice.
        #expect(server.requests(path: "/photos").map { $0.query["page"] } == ["1", "2", "3"])
        let pings = server.requests(path: "/photos/p7/download")
        #expect(pings.count == 1)
        #expect(pings.first?.query["ixid"] == "abc" && pings.first?.header("Authorization") == "Client-ID KEY")
        let images = server.requests.filter { $0.path.hasPrefix("/img/") }
        #expect(!images.isEmpty && images.allSatisfy { $0.query["w"] != nil && $0.query["h"] != nil && $0.header("Authorization") == nil })
        #expect(try app.pty.settings() == app.settingsBefore)

        server.stop()
        let offline = try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks"], environment: environment)
        #expect(offline.waitFor(text: "1/12"), "no offline grid:\n\(offline.screen)")
        #expect(offline.waitFor(text: "Ansel Adams"))
        // The thumbnails come from the cache: half-block images, not error tiles.
        #expect(offline.waitFor { $0.lines.joined().filter { $0 == "▀" }.count > 100 }, "no images offline:\n\(offline.screen)")
        #expect(!offline.screen.lines.joined().contains("cannot reach"))
        try offline.type("q")
        #expect(offline.waitForExit() == .exited(0))
    }

    @Test func theInfoPanelFillsInTheFullPhotoOnceItRests() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 6))
        let home = try TemporaryDirectory()
        let environment = home.environment.merging(["UNSPLASH_API_URL": server.baseURL, "UNSPLASH_ACCESS_KEY": "KEY"]) { $1 }
        let app = try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks"], columns: 120, rows: 36,
                                            environment: environment)
        #expect(app.waitFor(text: "1/6"))
        try app.type(Character.enter)
        try app.type("i")
        try app.type("lll")                                     // paging through with the panel open: asks nothing
        #expect(app.waitFor(text: "4/6"))
        #expect(app.waitFor(text: "Yosemite Valley", timeout: .seconds(3)), "no location:\n\(app.screen)")
        #expect(app.screen.lines.contains { $0.contains("Hasselblad 500C") })
        #expect(server.requests.filter { $0.path.hasPrefix("/photos/p") && !$0.path.hasSuffix("/download") }.map(\.path)
            == ["/photos/p4"])
        try app.type("\u{03}")
        #expect(app.waitForExit() == .exited(130))
    }

    @Test func aServerThatNeverAnswersIsAMessageNotAFrozenUI() throws {
        let server = try FixtureServer { request in
            request.query["page"] == "1" ? UnsplashFixture.feed(total: 40, perPage: 3)(request) : .hang
        }
        let home = try TemporaryDirectory()
        let environment = home.environment.merging(["UNSPLASH_API_URL": server.baseURL, "UNSPLASH_ACCESS_KEY": "KEY",
                                                    "PHOTOPAGER_HTTP_TIMEOUT": "0.3"]) { $1 }
        let app = try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks"], environment: environment)
        #expect(app.waitFor(text: "1/40"))
        try app.type(Character.enter)                          // three photos: page 2 is asked for at once
        try app.type(Character.right)
        #expect(app.waitFor(text: "2/40"), "keys were not answered while the page hung:\n\(app.screen)")
        #expect(app.waitFor(text: "did not answer in time", timeout: .seconds(8)), "\(app.screen)")
        try app.type("q")
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
    }

    @Test func aFailingFirstPageIsAMessageAndAKeyTriesAgain() throws {
        let calls = Locked(0)
        let feed = UnsplashFixture.feed(total: 12, perPage: 5)
        let server = try FixtureServer { request in
            calls.withLock { $0 += 1; return $0 } <= 3 ? .text("down", status: 503) : feed(request)
        }
        let home = try TemporaryDirectory()
        let environment = home.environment.merging(["UNSPLASH_API_URL": server.baseURL, "UNSPLASH_ACCESS_KEY": "KEY"]) { $1 }
        let app = try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks"], environment: environment)
        #expect(app.waitFor(text: "Unsplash answered HTTP 503"), "no message:\n\(app.screen)")
        try app.type(Character.enter + Character.right + "f")   // nothing to open: nothing breaks
        #expect(app.waitFor(text: "1/12"), "not tried again:\n\(app.screen)")
        try app.type("\u{03}")                                 // Ctrl-C: quits from grid or pager
        #expect(app.waitForExit() == .exited(130))
    }
}
