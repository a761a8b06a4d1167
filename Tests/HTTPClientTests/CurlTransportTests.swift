import PhotoPagerBase
import Foundation
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
        let reply = try transport.get(HTTPRequest(url: URL(string: server.baseURL + "/photos?page=2")!,
                                                  headers: HTTPHeaders([("Accept-Version", "v1")])))
        #expect(reply.status == 200)
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"path":"/photos?page=2"}"#)
        #expect(reply.headers.integer("X-RateLimit-Remaining") == 42)
        #expect(LinkHeader.target(reply.headers.joined("link"), relation: "next") == "http://a/2")
        #expect(server.requests.first?.header("accept-version") == "v1")
    }

    @Test func anErrorStatusIsAReplyNotAFailure() throws {
        let server = try FixtureServer { _ in .text("Rate Limit Exceeded", status: 403) }
        let reply = try transport.get(HTTPRequest(url: URL(string: server.baseURL + "/")!))
        #expect(reply.status == 403)
        #expect(String(decoding: reply.body, as: UTF8.self) == "Rate Limit Exceeded")
    }

    @Test func aReplyThatNeverComesTimesOut() throws {
        let server = try FixtureServer { _ in .hang }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: HTTPError.timedOut) {
            try transport.get(HTTPRequest(url: URL(string: server.baseURL + "/")!, timeout: .milliseconds(300)))
        }
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aRefusedConnectionIsUnreachableNotWorthARetry() throws {
        let server = try FixtureServer { _ in .notFound }
        let url = URL(string: server.baseURL + "/")!
        server.stop()
        do {
            _ = try transport.get(HTTPRequest(url: url))
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
            try transport.get(HTTPRequest(url: URL(string: server.baseURL + "/")!)) { received, _ in received < 1000 }
        }
    }

    @Test func oversizedRepliesAreRefused() throws {
        let server = try FixtureServer { _ in Reply(body: Data(repeating: 1, count: 200_000)) }
        do {
            _ = try transport.get(HTTPRequest(url: URL(string: server.baseURL + "/")!, maximumBodyBytes: 10_000))
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
            let reply = try? transport.get(HTTPRequest(url: URL(string: server.baseURL + "/?n=\(n)")!))
            results.withLock { $0[n] = reply.map { String(decoding: $0.body, as: UTF8.self) } }
        }
        #expect(results.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0 ..< 12).map { ($0, "\($0)") }))
    }
}

typealias Reply = FixtureServer.Reply
