import Foundation
import PhotoPagerBase
import Testing
import TestSupport

/// `list`, flags, the key, the config file and the cache, end to end against a loopback server.
@Suite(.ownThreads) struct UnsplashCommandTests {
    func run(_ arguments: [String], server: FixtureServer?, home: TemporaryDirectory, key: String? = "KEY",
             environment: [String: String] = [:]) throws -> CommandRunner.Result {
        var env = home.environment
        if let server { env["UNSPLASH_API_URL"] = server.baseURL }
        if let key { env["UNSPLASH_ACCESS_KEY"] = key }
        env["PHOTOPAGER_HTTP_TIMEOUT"] = "2"
        return try CommandRunner.photopager(arguments, environment: env.merging(environment) { $1 })
    }

    @Test func listFollowsPagesToTheLimit() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 75))
        let home = try TemporaryDirectory()
        let result = try run(["list", "--unsplash", "--limit", "45", "--json"], server: server, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let photos = try ManifestDecoder.photos(from: result.stdout)
        #expect(photos.map(\.id) == (1 ... 45).map { "p\($0)" })
        #expect(server.requests(path: "/photos").map { $0.query["page"] } == ["1", "2"])
        let lines = try run(["list", "--unsplash"], server: server, home: home).stdoutText.split(separator: "\n")
        #expect(lines.count == 30)                                     // the default limit
        #expect(lines[0] == "1\t1200x800\tAnsel Adams\thttps://unsplash.com/photos/p1?utm_source=photopager&utm_medium=referral\t0")
    }

    @Test func searchFlagsReachTheAPIAndBadValuesListTheGoodOnes() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 3, path: "/search/photos"))
        let home = try TemporaryDirectory()
        let result = try run(["list", "--search", "tokyo night", "--orientation", "portrait", "--search-color", "teal",
                              "--order-by", "latest"], server: server, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.first?.query["query"] == "tokyo night")
        #expect(server.requests.first?.query["color"] == "teal")
        let bad = try run(["list", "--search", "x", "--search-color", "beige"], server: server, home: home)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--search-color 'beige' is not one of: black_and_white, black, white"))
        #expect(try run(["list", "--orientation", "portrait"], server: server, home: home).status == 2)
        #expect(try run(["list", "--collection", "1", "--topic", "t"], server: server, home: home).status == 2)
    }

    @Test func withoutAKeyItSaysHowToGetOne() throws {
        let home = try TemporaryDirectory()
        let result = try run(["--unsplash"], server: nil, home: home, key: nil)
        #expect(result.status == 2)
        #expect(result.stderr.contains("https://unsplash.com/developers"))
        #expect(result.stderr.contains("Folders, files and manifests work without a key"))
        #expect(try run(["list"], server: nil, home: home, key: nil).status == 0)   // local: no key needed
    }

    @Test func theKeyComesFromFlagThenEnvironmentThenConfig() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 1))
        let home = try TemporaryDirectory()
        let config = try home.write(".config/photopager/config", Data("# mine\n\naccess_key = FROM_CONFIG\n".utf8))
        chmod(config.path, 0o600)
        _ = try run(["list", "--unsplash", "--cache-mb", "0"], server: server, home: home, key: nil)
        _ = try run(["list", "--unsplash", "--cache-mb", "0"], server: server, home: home, key: "FROM_ENV")
        _ = try run(["list", "--unsplash", "--cache-mb", "0", "--access-key", "FROM_FLAG"], server: server, home: home, key: "FROM_ENV")
        #expect(server.requests.map { $0.header("Authorization") } == ["Client-ID FROM_CONFIG", "Client-ID FROM_ENV", "Client-ID FROM_FLAG"])
    }

    @Test func aConfigReadableByOthersHoldingTheKeyIsWarnedOfOnce() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 1))
        let home = try TemporaryDirectory()
        let config = try home.write(".config/photopager/config", Data("access_key = K\n".utf8))
        chmod(config.path, 0o644)
        let result = try run(["list", "--unsplash"], server: server, home: home, key: nil)
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: "can be read by others").count == 2)
    }

    @Test(arguments: [
        ("colour = red\n", "config:1: unknown key 'colour' (known: access_key, immich_url, immich_api_key, immich_link_days, immich_ca_file, renderer, clipboard, cache_mb, memory_mb, "
            + "print, print0, sort, reverse, slideshow_seconds, loop, download_dir, min_rating, key_handler)"),
        ("print = paths\n", "config:1: print is one of url, path, id, json, not 'paths'"),
        ("\nsort = size\n", "config:2: sort is one of name, date, random, rating, not 'size'"),
        ("slideshow_seconds = 0\n", "config:1: slideshow_seconds is a number of seconds from 0.1 to 86400, not '0'"),
        ("loop = sometimes\n", "config:1: loop is true or false, not 'sometimes'"),
        ("download_dir =\n", "config:1: download_dir needs a value"),
        ("memory_mb = 0\n", "config:1: memory_mb is a number of megabytes (at least 1), not '0'"),
        ("# ok\nrenderer = neon\n", "config:2: unknown renderer 'neon'"),
        ("clipboard = maybe\n", "config:1: clipboard is true or false, not 'maybe'"),
        ("cache_mb = lots\n", "config:1: cache_mb is a number of megabytes"),
        ("access_key\n", "config:1: expected key = value"),
    ])
    func aBrokenConfigNamesFileAndLine(text: String, message: String) throws {
        let home = try TemporaryDirectory()
        try home.write(".config/photopager/config", Data(text.utf8))
        let result = try run(["list"], server: nil, home: home)
        #expect(result.status == 2)
        #expect(result.stderr.contains(home.url.path + "/.config/photopager/" + message), "\(result.stderr)")
        #expect(try run(["--help"], server: nil, home: home).status == 0)
        #expect(try run(["--version"], server: nil, home: home).status == 0)
    }

    @Test func configSettingsApplyAndFlagsWin() throws {
        let home = try TemporaryDirectory()
        try home.write(".config/photopager/config", Data("renderer = caca\nclipboard = off\ncache_mb = 20\n".utf8))
        let png = SharedPhotos.url("formats/palette.png").path
        let truecolor = ["COLORTERM": "truecolor"]
        let caca = try run(["render", png, "--size", "20x6", "--renderer", "caca"], server: nil, home: home, environment: truecolor)
        let blocks = try run(["render", png, "--size", "20x6", "--renderer", "blocks"], server: nil, home: home, environment: truecolor)
        #expect(caca.stdout != blocks.stdout)
        let fromConfig = try run(["render", png, "--size", "20x6"], server: nil, home: home, environment: truecolor)
        #expect(fromConfig.stdout == caca.stdout)
        let fromEnvironment = try run(["render", png, "--size", "20x6"], server: nil, home: home,
                                      environment: truecolor.merging(["PHOTOPAGER_RENDERER": "blocks"]) { $1 })
        #expect(fromEnvironment.stdout == blocks.stdout)
        let autoFlag = try run(["render", png, "--size", "20x6", "--renderer", "auto"], server: nil, home: home,
                               environment: truecolor.merging(["PHOTOPAGER_RENDERER": "caca"]) { $1 })
        #expect(autoFlag.stdout == blocks.stdout)                  // the flag beats the environment
        #expect(try run(["--no-clipboard", "--clipboard", "--help"], server: nil, home: home).status == 0)
    }

    @Test func failuresAreMessagesWithStatusOne() throws {
        let refused = try FixtureServer { request in (try? UnsplashFixture.recorded("rb_error_401_oauth", base: request.base)) ?? .notFound }
        let home = try TemporaryDirectory()
        let result = try run(["list", "--unsplash"], server: refused, home: home)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the access key was refused"))
        let limited = try FixtureServer { _ in .text("Rate Limit Exceeded", status: 403) }
        let limit = try run(["list", "--unsplash"], server: limited, home: home)
        #expect(limit.status == 1)
        #expect(limit.stderr.contains("Unsplash rate limit reached (50 requests an hour for demo keys)"))
        let broken = try FixtureServer { _ in .json("{\"results\": 3}") }
        #expect(try run(["list", "--unsplash"], server: broken, home: home).stderr.contains("not a photo listing"))
    }

    @Test func hostileTextIsSanitisedInList() throws {
        let server = try FixtureServer { request in
            .json("[" + UnsplashFixture.photoJSON(id: "h", base: request.base, name: "Evil\u{1B}]0;pwned\u{07}\u{1B}[31mName\t\u{9B}2J",
                                                  description: "\u{1B}[2Jgone") + "]")
        }
        let home = try TemporaryDirectory()
        let result = try run(["list", "--unsplash"], server: server, home: home)
        #expect(result.status == 0)
        #expect(!result.stdoutText.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
        #expect(result.stdoutText.split(separator: "\t").count == 5)
        #expect(result.stdoutText.contains("EvilName"))
        let json = try run(["list", "--unsplash", "--json"], server: server, home: home)
        #expect(!json.stdoutText.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
        #expect(json.stdoutText.contains(#"\u009b2J"#))
        #expect(try ManifestDecoder.photos(from: json.stdout).first?.user.name?.unicodeScalars.contains { $0.value == 0x9B } == true)
    }

    @Test func aFeedSeenOnceListsWithTheServerStoppedAndSurvivesATruncatedEntry() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 40))
        let home = try TemporaryDirectory()
        let online = try run(["list", "--unsplash", "--limit", "40"], server: server, home: home)
        #expect(online.status == 0)
        let base = server.baseURL
        server.stop()
        let offline = try CommandRunner.photopager(["list", "--unsplash", "--limit", "40"],
                                                   environment: home.environment.merging(["UNSPLASH_API_URL": base, "UNSPLASH_ACCESS_KEY": "K"]) { $1 })
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdoutText == online.stdoutText)
        // Cut every kept page in half: the next run fetches again instead of trusting them.
        let pages = home.url.appendingPathComponent(".cache/photopager/api/pages")
        for name in try FileManager.default.contentsOfDirectory(atPath: pages.path) {
            let file = pages.appendingPathComponent(name)
            try Data(try Data(contentsOf: file).prefix(100)).write(to: file)
        }
        let again = try FixtureServer(handler: UnsplashFixture.feed(total: 40))
        let refetched = try run(["list", "--unsplash", "--limit", "40"], server: again, home: home)
        #expect(refetched.stdoutText.replacingOccurrences(of: again.baseURL, with: base) == online.stdoutText)
        #expect(again.requests.count == 2)
    }
}
