import Foundation
import PhotoPagerBase
import Testing
import TestSupport

/// `photopager list --immich …` end to end against a loopback Immich: the flags, the key's
/// precedence, the config file, names looked up, and the mistakes that are usage errors.
@Suite(.ownThreads) struct ImmichCommandTests {
    func run(_ arguments: [String], home: TemporaryDirectory, key: String? = nil, environment: [String: String] = [:]) throws
        -> CommandRunner.Result {
        var env = home.environment
        if let key { env["IMMICH_API_KEY"] = key }
        env["PHOTOPAGER_HTTP_TIMEOUT"] = "2"
        return try CommandRunner.photopager(arguments, environment: env.merging(environment) { $1 })
    }

    func library() throws -> ImmichFixture {
        var assets = ImmichFixture.library(60)
        assets[0].favourite = true
        assets[2].favourite = true
        assets[1].video = true
        assets[4].albums = ["al-1"]
        assets[5].albums = ["al-2"]
        assets[6].albums = ["al-3"]
        assets[7].people = ["Ada Lovelace"]
        assets[8].name = "cats on a roof.jpg"
        let fixture = try ImmichFixture(assets: assets)
        fixture.albums = [("al-1", "Trip"), ("al-2", "Summer"), ("al-3", "Summer")]
        fixture.people = [("pe-1", "Ada Lovelace"), ("pe-2", "Alan Turing")]
        return fixture
    }

    @Test func listsTheTimelineNewestFirst() throws {
        let fixture = try library()
        let home = try TemporaryDirectory()
        let result = try run(["list", "--immich", fixture.baseURL], home: home, key: fixture.key)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 30)                                      // a feed's default limit
        let first = fixture.assets[0]
        #expect(lines[0] == "1\t4032x3024\t\t\(fixture.baseURL)/photos/\(first.id)\t0")
        #expect(result.stderr.contains("plain http"))                  // the key crossed in clear, and it says so
        let all = try run(["list", "--immich", fixture.baseURL, "--limit", "1000", "--json"], home: home, key: fixture.key)
        let photos = try ManifestDecoder.photos(from: all.stdout)
        #expect(photos.map(\.id) == fixture.assets.filter { !$0.video }.map(\.id))
        #expect(photos[0].thumbHash == "k0oGLQaSVsN0BVhn2oq2Z5SQUQcZ" && photos[0].exif?.model == "X-T5")
        #expect(!all.stdoutText.contains(fixture.key) && !all.stderr.contains(fixture.key))
        #expect(fixture.requests.first?.path == "/api/server/version")  // list asks the version first
    }

    @Test func albumsPeopleFavouritesSearchVideosAndDates() throws {
        let fixture = try library()
        let home = try TemporaryDirectory()
        func ids(_ flags: [String]) throws -> [String] {
            let result = try run(["list", "--immich", fixture.baseURL, "--json", "--limit", "100"] + flags, home: home, key: fixture.key)
            #expect(result.status == 0, "\(flags): \(result.stderr)")
            return try ManifestDecoder.photos(from: result.stdout).map(\.id)
        }
        let a = fixture.assets
        #expect(try ids(["--album", "Trip"]) == [a[4].id])
        #expect(try ids(["--album", "trip"]) == [a[4].id])             // a name in another case, when only one fits
        #expect(try ids(["--album", "al-3"]) == [a[6].id])             // by id
        #expect(try ids(["--person", "Ada Lovelace"]) == [a[7].id])
        let person = try run(["list", "--immich", fixture.baseURL, "--json", "--person", "Ada Lovelace"], home: home, key: fixture.key)
        #expect(try ManifestDecoder.photos(from: person.stdout).first?.people == ["Ada Lovelace"])
        #expect(try ids(["--favorites"]) == [a[0].id, a[2].id])
        #expect(try ids(["--search", "cats"]) == [a[8].id])            // no smart search: file names
        #expect(try ids(["--videos", "--limit", "3"]).prefix(3) == [a[0].id, a[1].id, a[2].id])
        // Taken on the 28th, 27th (a video), 26th, 25th…: the 26th and the 27th are in, the video is not.
        #expect(try ids(["--since", "2024-12-26", "--until", "2024-12-27"]) == [a[2].id])
        let search = fixture.requests.last { $0.path == "/api/search/metadata" }
        let body = try #require(try JSONSerialization.jsonObject(with: search?.body ?? Data()) as? [String: Any])
        #expect(body["takenAfter"] as? String == "2024-12-26T00:00:00.000Z" && body["takenBefore"] as? String == "2024-12-27T23:59:59.999Z")
    }

    @Test func anAmbiguousOrUnknownNameListsWhatThereIs() throws {
        let fixture = try library()
        let home = try TemporaryDirectory()
        let two = try run(["list", "--immich", fixture.baseURL, "--album", "Summer"], home: home, key: fixture.key)
        #expect(two.status == 2)
        #expect(two.stderr.contains("several albums are named Summer") && two.stderr.contains("al-2") && two.stderr.contains("al-3"))
        let none = try run(["list", "--immich", fixture.baseURL, "--album", "Winter"], home: home, key: fixture.key)
        #expect(none.status == 1 && none.stderr.contains("no album named Winter") && none.stderr.contains("Trip"))
    }

    /// The key: flag, then IMMICH_API_KEY, then the config file, which may also hold the server.
    @Test func theKeyAndServerComeFromFlagEnvironmentOrConfig() throws {
        let fixture = try library()
        let home = try TemporaryDirectory()
        let config = try home.write(".config/photopager/config",
                                    Data("immich_url = \(fixture.baseURL)\nimmich_api_key = \(fixture.key)\n".utf8))
        chmod(config.path, 0o600)
        #expect(try run(["list", "--immich", "--limit", "2"], home: home).status == 0)
        #expect(try run(["list", "--immich", "--immich-key", "wrong"], home: home).status == 1)
        let refused = try run(["list", "--immich"], home: home, key: "wrong-env")
        #expect(refused.status == 1 && refused.stderr.contains("refused the API key") && !refused.stderr.contains("wrong-env"))
        #expect(try run(["list", "--immich", "--album", "Trip"], home: home, key: fixture.key).status == 0)
        chmod(config.path, 0o644)
        #expect(try run(["list", "--immich", "--limit", "1"], home: home).stderr.contains("holds immich_api_key and can be read by others"))
        let missingCA = try home.write(".config/photopager/config", Data("immich_url = \(fixture.baseURL)\nimmich_ca_file = /nonexistent/ca.pem\n".utf8))
        chmod(missingCA.path, 0o600)
        let unreadable = try run(["list", "--immich"], home: home, key: fixture.key)
        #expect(unreadable.status == 2 && unreadable.stderr.contains("immich_ca_file /nonexistent/ca.pem cannot be read"))
    }

    @Test func mistakesAreUsageErrors() throws {
        let fixture = try library()
        let home = try TemporaryDirectory()
        for flags in [["--immich", fixture.baseURL, "--unsplash"], ["--album", "Trip"], ["--favorites"], ["--immich-key", "k"],
                      ["--immich", fixture.baseURL, "--sort", "name"], ["--immich", fixture.baseURL, "some/folder"],
                      ["--immich", fixture.baseURL, "--since", "yesterday"], ["--immich", "--album"], ["--immich"]] {
            let result = try run(["list"] + flags, home: home, key: fixture.key)
            #expect(result.status == 2, "\(flags): \(result.stderr)")
        }
        #expect(try run(["list", "--immich", fixture.baseURL], home: home).status == 2)                  // no key at all
        let old = try library()
        old.version = (1, 132, 3)
        let tooOld = try run(["list", "--immich", old.baseURL], home: home, key: old.key)
        #expect(tooOld.status == 1 && tooOld.stderr.contains("version 1.132.3"))
        let down = try run(["list", "--immich", "http://127.0.0.1:9"], home: home, key: "k")
        #expect(down.status == 1 && down.stderr.contains("cannot reach the Immich server"))
    }
}
