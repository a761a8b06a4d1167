import PhotoPagerBase
import Foundation
import Glibc
import HTTPClient
import Testing
import TestSupport

/// libcurl against a loopback server: real sockets, real headers, no outside network.
@Suite struct CurlTransportTests {
    let transport = CurlTransport()

    init() { ProxyEnvironment.clear() }

    @Test func getsStatusHeadersAndBody() throws {
        let server = try FixtureServer { request in
            .json(#"{"path":"\#(request.target)"}"#, headers: [("X-Ratelimit-Remaining", "42"), ("Link", "<http://a/2>; rel=\"next\"")])
        }
        let reply = try transport.send(HTTPRequest(url: URL(string: server.baseURL + "/photos?page=2")!,
                                                  headers: HTTPHeaders([("Accept-Version", "v1")])))
        #expect(reply.status == 200)
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"path":"/photos?page=2"}"#)
        #expect(reply.headers.integer("X-RateLimit-Remaining") == 42)
        #expect(LinkHeader.target(reply.headers.joined("link"), relation: "next") == "http://a/2")
        #expect(server.requests.first?.header("accept-version") == "v1")
    }

    /// A POST and a PUT carry their bodies byte for byte (a 70 kB one too, without waiting for
    /// a 100-continue the server never sends); the pooled handle's next GET has no body.
    @Test func postAndPutSendTheirBodies() throws {
        let server = try FixtureServer { request in .json(#"{"got":\#(request.body.count)}"#) }
        let json = Data(#"{"page":2,"withExif":true}"#.utf8), big = Data((0 ..< 70_000).map { UInt8($0 % 251) })
        let base = URL(string: server.baseURL + "/api/search/metadata")!
        let started = ContinuousClock.now
        #expect(try transport.send(HTTPRequest(url: base, method: "POST", body: json)).status == 200)
        #expect(try transport.send(HTTPRequest(url: base, method: "PUT", body: big)).status == 200)
        #expect(ContinuousClock.now - started < .milliseconds(900))
        #expect(try transport.send(HTTPRequest(url: base)).status == 200)
        let seen = server.requests
        #expect(seen.map(\.method) == ["POST", "PUT", "GET"])
        #expect(seen[0].body == json && seen[1].body == big && seen[2].body.isEmpty)
        #expect(seen[2].header("content-length") == nil)
    }

    /// A self-hosted server's own CA: its certificate is refused against the system's
    /// authorities, and trusted when its CA file is named (openssl makes both; no network).
    @Test func aServersOwnCAIsTrustedOnlyWhenNamed() throws {
        let tmp = try TemporaryDirectory()
        let made = try CommandRunner.shell("cd '\(tmp.url.path)' && openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem "
            + "-out cert.pem -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -days 2 2>&1")
        try #require(made.status == 0, "\(made.stdoutText)")
        let probe = try FixtureServer { _ in .notFound }                    // a free port, given back
        let port = probe.port
        probe.stop()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["openssl", "s_server", "-accept", "\(port)", "-cert", tmp.url.path + "/cert.pem",
                            "-key", tmp.url.path + "/key.pem", "-www", "-quiet"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        // SIGKILL: the test process may block SIGTERM in its threads, and a child inherits the mask.
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        let url = URL(string: "https://127.0.0.1:\(port)/")!
        var trusted = HTTPRequest(url: url, timeout: .seconds(2))
        trusted.caFile = tmp.url.path + "/cert.pem"
        var reply: HTTPResponse?
        for _ in 0 ..< 30 where reply == nil {                               // until s_server listens
            reply = try? transport.send(trusted)
            if reply == nil { usleep(100_000) }
        }
        #expect(reply?.status == 200)
        #expect(throws: HTTPError.self) { try transport.send(HTTPRequest(url: url, timeout: .seconds(5))) }
    }

    @Test func anErrorStatusIsAReplyNotAFailure() throws {
        let server = try FixtureServer { _ in .text("Rate Limit Exceeded", status: 403) }
        let reply = try transport.send(HTTPRequest(url: URL(string: server.baseURL + "/")!))
        #expect(reply.status == 403)
        #expect(String(decoding: reply.body, as: UTF8.self) == "Rate Limit Exceeded")
    }

    @Test func aReplyThatNeverComesTimesOut() throws {
        let server = try FixtureServer { _ in .hang }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: HTTPError.timedOut) {
            try transport.send(HTTPRequest(url: URL(string: server.baseURL + "/")!, timeout: .milliseconds(300)))
        }
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aRefusedConnectionIsUnreachableNotWorthARetry() throws {
        let server = try FixtureServer { _ in .notFound }
        let url = URL(string: server.baseURL + "/")!
        server.stop()
        do {
            _ = try transport.send(HTTPRequest(url: url))
            Issue.record("expected a failure")
        } catch {
            guard case .unreachable = error else { Issue.record("got \(error)"); return }
            #expect(!error.isWorthRetryingAtOnce)
        }
    }

    @Test func progressCanCancel() throws {
        let big = Data(repeating: 7, count: 4 << 20)
        let server = try FixtureServer { _ in Reply(body: big) }
        #expect(throws: HTTPError.cancelled) {
            try transport.send(HTTPRequest(url: URL(string: server.baseURL + "/")!)) { received, _ in received < 1000 }
        }
    }

    @Test func oversizedRepliesAreRefused() throws {
        let server = try FixtureServer { _ in Reply(body: Data(repeating: 1, count: 200_000)) }
        do {
            _ = try transport.send(HTTPRequest(url: URL(string: server.baseURL + "/")!, maximumBodyBytes: 10_000))
            Issue.record("expected a failure")
        } catch {
            guard case .tooLarge = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func parallelRequestsEachGetTheirOwnReply() throws {
        let server = try FixtureServer { request in .json(request.query["n"] ?? "") }
        let results = Locked<[Int: String]>([:])
        let transport = transport
        DispatchQueue.concurrentPerform(iterations: 12) { n in
            let reply = try? transport.send(HTTPRequest(url: URL(string: server.baseURL + "/?n=\(n)")!))
            results.withLock { $0[n] = reply.map { String(decoding: $0.body, as: UTF8.self) } }
        }
        #expect(results.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0 ..< 12).map { ($0, "\($0)") }))
    }
}

typealias Reply = FixtureServer.Reply
