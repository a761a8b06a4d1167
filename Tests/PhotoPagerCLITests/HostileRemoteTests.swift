import Foundation
import Testing
import TestSupport

/// Whatever a server sends, `photopager render URL` ends with a clear message and status 1: no
/// crash, no hang, nothing but http(s) followed. Against the loopback fixture server.
@Suite(.ownThreads) struct HostileRemoteTests {
    static func render(_ url: String, environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try CommandRunner.photopager(["render", "--renderer", "blocks", "--size", "20x6", url], environment: environment)
    }

    @Test func anHTMLPageCalledAJPEGIsAnErrorNotAPicture() throws {
        let server = try FixtureServer { _ in
            FixtureServer.Reply(headers: [("Content-Type", "image/jpeg")], body: Data("<html><body>Oops</body></html>".utf8))
        }
        defer { server.stop() }
        let result = try Self.render(server.baseURL + "/photo.jpg")
        #expect(result.status == 1)
        #expect(result.stderr.contains("not an image"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anEmptyBodyIsAnError() throws {
        let server = try FixtureServer { _ in FixtureServer.Reply(headers: [("Content-Type", "image/png")]) }
        defer { server.stop() }
        let result = try Self.render(server.baseURL + "/empty.png")
        #expect(result.status == 1)
        #expect(!result.stderr.isEmpty)
    }

    /// curl follows at most 5; an image fetch that fails is tried once more: at most 12 requests.
    @Test func redirectsAreFollowedABoundedNumberOfTimes() throws {
        let server = try FixtureServer { request in
            FixtureServer.Reply(status: 302, headers: [("Location", request.base + request.path + "x")])
        }
        defer { server.stop() }
        let result = try Self.render(server.baseURL + "/loop")
        #expect(result.status == 1)
        #expect(server.requests.count <= 12, "\(server.requests.count) requests")
    }

    @Test func aRedirectToAnotherSchemeIsNotFollowed() throws {
        let secret = try TemporaryDirectory()
        let file = secret.url.appendingPathComponent("secret.png")
        try Data(contentsOf: SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/coffee.png")).write(to: file)
        let server = try FixtureServer { _ in FixtureServer.Reply(status: 302, headers: [("Location", "file://" + file.path)]) }
        defer { server.stop() }
        let result = try Self.render(server.baseURL + "/to-file")
        #expect(result.status == 1, "a local file was read through a redirect")
        #expect(result.stdout.isEmpty)
    }

    @Test func aServerThatDripsBytesForeverIsTimedOut() throws {
        let server = try FixtureServer { _ in .drip }
        defer { server.stop() }
        let start = ContinuousClock.now
        let result = try Self.render(server.baseURL + "/slow.jpg", environment: ["PHOTOPAGER_HTTP_TIMEOUT": "1"])
        #expect(result.status == 1)
        #expect(ContinuousClock.now - start < .seconds(10), "not timed out")
        #expect(result.stderr.lowercased().contains("time"), "\(result.stderr)")
    }

    /// JSON nested far deeper than any reply: a clean error, not a stack overflow.
    @Test func deeplyNestedJSONIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        let manifest = directory.url.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8).write(to: manifest)
        let result = try CommandRunner.photopager(["list", manifest.path])
        #expect(result.status == 1 || result.status == 2, "status \(result.status): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }
}
