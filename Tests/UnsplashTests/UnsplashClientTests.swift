import Foundation
import HTTPClient
import PhotoCache
import PhotoPagerBase
import Testing
import TestSupport
import Unsplash

/// The client against a loopback server: pagination, headers, the key rule, failures, the cache.
@Suite(.ownThreads) struct UnsplashClientTests {
    let directory: TemporaryDirectory
    let cache: DiskCache

    init() throws {
        ProxyEnvironment.clear()
        directory = try TemporaryDirectory()
        cache = DiskCache(root: directory.url, budgetBytes: 50 << 20)
    }

    func client(_ server: FixtureServer, timeout: Duration = .seconds(5), pauses: [Duration] = [.milliseconds(10), .milliseconds(20)],
                now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) -> UnsplashClient {
        UnsplashClient(api: UnsplashAPI(base: URL(string: server.baseURL + "/")!, accessKey: "KEY", timeout: timeout),
                       transport: CurlTransport(), cache: cache, retryPauses: pauses, now: now)
    }

    @Test func threePagesAreFollowedToTheEndThroughTheBase() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 75))
        let unsplash = client(server)
        var url: URL? = UnsplashFeed.editorial.firstPage(base: unsplash.api.base)
        var ids: [String] = []
        var totals: Set<Int> = []
        while let next = url {
            let page = try unsplash.page(next, isSearch: false)
            ids += page.photos.map(\.id)
            totals.insert(page.total ?? -1)
            url = page.next
        }
        #expect(ids == (1 ... 75).map { "p\($0)" })
        #expect(totals == [75])
        let asked = server.requests(path: "/photos")
        #expect(asked.map { $0.query["page"] } == ["1", "2", "3"])
        #expect(asked.allSatisfy { $0.header("Authorization") == "Client-ID KEY" && $0.header("Accept-Version") == "v1" })
        #expect(asked.allSatisfy { $0.query["per_page"] == "30" })
        #expect(unsplash.rateRemaining == 49)
    }

    @Test func searchRepliesGiveTheirPhotosAndTotal() throws {
        let server = try FixtureServer { request in
            (try? UnsplashFixture.recorded("rb_search_photos_dog_2023", base: request.base)) ?? .notFound
        }
        let feed = UnsplashFeed.search(.init(query: "dog", orientation: "landscape", color: "black_and_white", orderBy: "latest"))
        let unsplash = client(server)
        let page = try unsplash.page(feed.firstPage(base: unsplash.api.base), isSearch: true)
        #expect(!page.photos.isEmpty)
        #expect((page.total ?? 0) > page.photos.count)
        let query = try #require(server.requests.first).query
        #expect(query == ["query": "dog", "orientation": "landscape", "color": "black_and_white", "order_by": "latest",
                          "page": "1", "per_page": "30"])
        #expect(server.requests.first?.path == "/search/photos")
    }

    @Test func feedsBuildTheirPathsWithEscapedSegments() {
        let base = URL(string: "http://h:1/v/")!
        #expect(UnsplashFeed.collection("201").firstPage(base: base).absoluteString == "http://h:1/v/collections/201/photos?page=1&per_page=30")
        #expect(UnsplashFeed.topic("street-photography").firstPage(base: base).path == "/v/topics/street-photography/photos")
        #expect(UnsplashFeed.user("../me").firstPage(base: base).absoluteString.contains("users/..%2Fme/photos"))
        #expect(UnsplashFeed.search(.init(query: "tokyo night&x=1")).firstPage(base: base).absoluteString
            .contains("query=tokyo%20night%26x%3D1"))
    }

    @Test func aSearchStopsAtPage200() throws {
        let response = HTTPResponse(status: 200, headers: HTTPHeaders([("Link", "<https://api.unsplash.com/search/photos?query=a&page=201>; rel=\"next\"")]),
                                    body: Data(#"{"total": 9000, "results": []}"#.utf8))
        #expect(try FeedPage.parse(response, isSearch: true).next == nil)
        #expect(try FeedPage.parse(response, isSearch: true).total == 9000)
        #expect(try FeedPage.parse(response, isSearch: false).next != nil)
    }

    @Test(arguments: try UnsplashFixture.recordingNames())
    func everyRecordedReplyParses(name: String) throws {
        let reply = try UnsplashFixture.recorded(name, base: "http://127.0.0.1:9")
        guard name.hasSuffix(".json") == false, !name.contains("openapi") else { return }
        let response = HTTPResponse(status: reply.status, headers: HTTPHeaders(reply.headers), body: reply.body)
        if response.isSuccess {
            let page = try FeedPage.parse(response, isSearch: name.contains("search"))
            let bodyText = String(decoding: reply.body, as: UTF8.self)
            #expect(page.photos.isEmpty == (bodyText.hasPrefix("[]") || name.contains("empty")))
            #expect(!bodyText.contains("lvh.me") && !bodyText.contains("<API_URI>"))
        } else {
            #expect([401, 404].contains(response.status))
        }
    }

    @Test func aRefusedKeySaysSo() throws {
        let server = try FixtureServer { request in (try? UnsplashFixture.recorded("rb_error_401_oauth", base: request.base)) ?? .notFound }
        let unsplash = client(server)
        #expect(throws: UnsplashError.keyRefused) { try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false) }
        #expect(UnsplashError.keyRefused.description.hasPrefix("the access key was refused"))
    }

    @Test(arguments: [FixtureServer.Reply.text("Rate Limit Exceeded", status: 403), .json(#"{"errors":["Rate Limit Exceeded"]}"#, status: 429)])
    func theRateLimitStopsAPICallsUntilTheHourTurns(reply: FixtureServer.Reply) throws {
        let server = try FixtureServer { _ in reply }
        let clock = Clock(now: 7200 + 1800)              // half past two
        let unsplash = client(server, now: { clock.now })
        let first = UnsplashFeed.editorial.firstPage(base: unsplash.api.base)
        #expect(throws: UnsplashError.rateLimited) { try unsplash.page(first, isSearch: false) }
        #expect(throws: UnsplashError.rateLimited) { try unsplash.page(first, isSearch: false) }
        #expect(server.requests.count == 1)               // the second call never left
        #expect(unsplash.isRateLimited)
        clock.now = 10800 + 1                               // three o'clock: the quota is back
        #expect(!unsplash.isRateLimited)
        #expect(UnsplashError.rateLimited.description == "Unsplash rate limit reached (50 requests an hour for demo keys)")
    }

    @Test func a403ThatIsNotTheRateLimitIsAnError() throws {
        let server = try FixtureServer { _ in .json(#"{"errors":["Forbidden"]}"#, status: 403) }
        let unsplash = client(server)
        #expect(throws: UnsplashError.status(403)) { try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false) }
        #expect(!unsplash.isRateLimited)
    }

    @Test func serverErrorsAreRetriedThenSucceed() throws {
        let calls = Counter()
        let feed = UnsplashFixture.feed(total: 3)
        let server = try FixtureServer { request in calls.next() == 0 ? .text("oops", status: 500) : feed(request) }
        let unsplash = client(server)
        let page = try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false)
        #expect(page.photos.count == 3)
        #expect(server.requests.count == 2)
    }

    @Test func serverErrorsGiveUpAfterThreeTries() throws {
        let server = try FixtureServer { _ in .text("down", status: 503) }
        let unsplash = client(server)
        #expect(throws: UnsplashError.status(503)) { try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false) }
        #expect(server.requests.count == 3)
    }

    @Test func aReplyThatNeverComesTimesOut() throws {
        let server = try FixtureServer { _ in .hang }
        let unsplash = client(server, timeout: .milliseconds(200))
        let started = Date()
        #expect(throws: UnsplashError.network(.timedOut)) { try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false) }
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(UnsplashError.network(.timedOut).description == "Unsplash did not answer in time")
    }

    @Test func malformedJSONIsANamedError() throws {
        let server = try FixtureServer { _ in .json("[{\"id\": ") }
        let unsplash = client(server)
        do {
            _ = try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false)
            Issue.record("expected an error")
        } catch {
            guard case .malformed(let detail) = error else { Issue.record("got \(error)"); return }
            #expect(!detail.isEmpty)
            #expect(error.description.hasPrefix("Unsplash sent a reply that is not a photo listing"))
        }
    }

    @Test func theDownloadPingGoesThroughTheBaseWithTheKeyAndKeepsIxid() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 1))
        let unsplash = client(server)
        let photo = try #require(try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false).photos.first)
        let original = try unsplash.trackDownload(photo)
        let ping = try #require(server.requests.last)
        #expect(ping.target == "/photos/p1/download?ixid=abc")
        #expect(ping.header("Authorization") == "Client-ID KEY")
        #expect(original == server.baseURL + "/img/original")
    }

    /// A share's ping that fails is the service's own business, except the rate limit: the
    /// status line must say it, since the next calls fail too.
    @Test(arguments: [(FixtureServer.Reply.text("Rate Limit Exceeded", status: 403), UnsplashError.rateLimited.description as String?),
                      (.text("oops", status: 500), nil), (.text("gone", status: 404), nil)])
    func choosingSaysOnlyTheRateLimit(ping: FixtureServer.Reply, said: String?) throws {
        let feed = UnsplashFixture.feed(total: 1)
        let server = try FixtureServer { $0.path.hasSuffix("/download") ? ping : feed($0) }
        let unsplash = client(server, pauses: [])
        let photo = try #require(try unsplash.page(UnsplashFeed.editorial.firstPage(base: unsplash.api.base), isSearch: false).photos.first)
        #expect(unsplash.chose(photo) == said)
        #expect(server.requests(path: "/photos/p1/download").count >= 1)
    }

    @Test func theKeyGoesToTheBaseHostOnly() {
        let api = UnsplashAPI(base: URL(string: "http://127.0.0.1:8080/proxy/")!, accessKey: "SECRET")
        let next = api.request(URL(string: "https://api.unsplash.com/photos?page=2")!)
        #expect(next.url.absoluteString == "http://127.0.0.1:8080/proxy/photos?page=2")
        #expect(next.value(forHeader: "authorization") == "Client-ID SECRET")
        for elsewhere in ["https://images.unsplash.com/photo-1?w=10", "http://127.0.0.1:8081/photos", "https://evil.example/photos",
                          "https://127.0.0.1:8080/proxy/photos"] {
            let request = api.request(URL(string: elsewhere)!)
            #expect(request.url.absoluteString == elsewhere)
            #expect(request.value(forHeader: "Authorization") == nil, "key sent to \(elsewhere)")
        }
    }

    @Test func aFeedSeenOncePagesWithTheServerStopped() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 40))
        let unsplash = client(server, pauses: [.seconds(2), .seconds(2)])
        let first = UnsplashFeed.editorial.firstPage(base: unsplash.api.base)
        let online = try unsplash.page(first, isSearch: false)
        let second = try unsplash.page(try #require(online.next), isSearch: false)
        server.stop()
        let started = Date()
        let offline = try unsplash.page(first, isSearch: false)
        #expect(Date().timeIntervalSince(started) < 1)          // refused: no retries before the kept copy
        #expect(offline.fromCache)
        #expect(offline.photos == online.photos)
        #expect(offline.next == online.next && offline.total == 40)
        #expect(try unsplash.page(try #require(online.next), isSearch: false).photos == second.photos)
    }

    @Test func aFullPhotoObjectIsFetchedOnceAndKept() throws {
        let server = try FixtureServer { request in
            request.path == "/photos/GQcfdBoVB_g" ? ((try? UnsplashFixture.recorded("php_get_photo_GQcfdBoVB_g", base: request.base)) ?? .notFound) : .notFound
        }
        let unsplash = client(server)
        let photo = try unsplash.photo(id: "GQcfdBoVB_g")
        #expect(photo.exif != nil)
        #expect(try unsplash.photo(id: "GQcfdBoVB_g") == photo)
        #expect(server.requests.count == 1)
        #expect(throws: UnsplashError.notFound("/photos/other")) { try unsplash.photo(id: "other") }
    }
}

/// A settable clock for the rate-limit hour.
final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double
    init(now: Double) { value = now }
    var now: Double {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.lock(); defer { count += 1; lock.unlock() }; return count }
}
