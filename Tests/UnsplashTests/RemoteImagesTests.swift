import Foundation
import HTTPClient
import PhotoCache
import PhotoLibrary
import Testing
import TestSupport
import Unsplash

@Suite(.ownThreads) struct RemoteImagesTests {
    init() { ProxyEnvironment.clear() }

    @Test func bucketsAreAtMostAQuarterAboveTheNeed() {
        for need in 16 ... 5000 {
            let bucket = RemoteImages.bucket(need)
            #expect(bucket >= need && Double(bucket) <= Double(need) * 1.25 + 1, "need \(need) got \(bucket)")
        }
        #expect(RemoteImages.bucket(801) == RemoteImages.bucket(820))   // a small resize hits the same file
    }

    @Test func rawGetsTheResizeParametersAndKeepsItsOwn() throws {
        let raw = URL(string: "https://images.unsplash.com/photo-1?ixid=Q&w=5")!
        let plan = try #require(RemoteImages.plan(photoID: "a", location: .resizable(raw), width: 300, height: 200))
        let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: plan.url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
            .map { ($0.name, $0.value ?? "") })
        #expect(query == ["ixid": "Q", "w": "\(RemoteImages.bucket(300))", "h": "\(RemoteImages.bucket(200))",
                          "fit": "max", "fm": "jpg", "q": "80", "dpr": "1"])
        let other = URL(string: "https://example.com/a.jpg?x=1")!
        #expect(RemoteImages.plan(photoID: "b", location: .remote(other), width: 300, height: 200)?.url == other)
    }

    @Test func imagesAreFetchedWithoutTheKeyCachedAndKeptForOffline() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 1))
        let directory = try TemporaryDirectory()
        let cache = DiskCache(root: directory.url, budgetBytes: 50 << 20)
        let images = RemoteImages(transport: CurlTransport(), cache: cache)
        let raw = URL(string: server.baseURL + "/img/p1?ixid=abc")!
        let bytes = try images.bytes(photoID: "p1", location: .resizable(raw), width: 400, height: 300)
        #expect(bytes == UnsplashFixture.jpeg)
        _ = try images.bytes(photoID: "p1", location: .resizable(raw), width: 410, height: 305)   // same bucket: cached
        #expect(server.requests.count == 1)
        let request = try #require(server.requests.first)
        #expect(request.header("Authorization") == nil)
        #expect(request.query["w"] == "\(RemoteImages.bucket(400))" && request.query["fit"] == "max")
        server.stop()
        // Another size, offline: the size on disk is better than nothing.
        #expect(try images.bytes(photoID: "p1", location: .resizable(raw), width: 1500, height: 1000) == bytes)
        #expect(throws: (any Error).self) { try images.bytes(photoID: "p2", location: .resizable(raw), width: 10, height: 10) }
    }

    @Test func aFailingImageHostIsAnErrorNotAnImage() throws {
        let server = try FixtureServer { _ in .text("gone", status: 410) }
        let images = RemoteImages(transport: CurlTransport(), cache: nil)
        #expect(throws: ImageFetchError.self) {
            try images.bytes(photoID: "x", location: .remote(URL(string: server.baseURL + "/a.jpg")!), width: 10, height: 10)
        }
    }
}
