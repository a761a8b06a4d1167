import Foundation
import HTTPClient
@testable import Immich
import PhotoCache
import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport

/// The client against a loopback Immich: paging, lookups, favourites, images, and where the
/// key goes (the server's origin, in `x-api-key`, and nowhere else).
@Suite struct ImmichClientTests {
    init() { ProxyEnvironment.clear() }

    func client(_ fixture: ImmichFixture, key: String? = nil) -> ImmichClient {
        ImmichClient(server: ImmichServer(address: fixture.baseURL, key: key ?? fixture.key, timeout: .seconds(5))!,
                     transport: CurlTransport(), cache: nil, retryPauses: [])
    }

    /// A library of 450 photos and 3 videos pages as 200 + 200 + 50 photos, newest first, then
    /// ends; each photo in the Unsplash shape with the web app's page as its link.
    @Test func theTimelinePagesToItsEnd() throws {
        var assets = ImmichFixture.library(453)
        for i in [3, 100, 300] { assets[i].video = true }
        let fixture = try ImmichFixture(assets: assets)
        fixture.externalDomain = "https://photos.example.org"
        let source = ImmichSource(client: client(fixture), query: ImmichQuery())
        var pages: [[LibraryPhoto]] = []
        while source.hasMore { pages.append(try source.nextPage().photos) }
        #expect(pages.map(\.count) == [200, 200, 50])
        let photos = pages.flatMap { $0 }
        #expect(photos.map(\.photo.id) == assets.filter { !$0.video }.map(\.id))
        let first = photos[0].photo
        #expect(first.width == 4032 && first.height == 3024 && first.thumbHash == "k0oGLQaSVsN0BVhn2oq2Z5SQUQcZ")
        #expect(first.links?.html == "https://photos.example.org/photos/" + assets[0].id)
        #expect(first.exif == Photo.Exif(make: "FUJIFILM", model: "X-T5", exposureTime: "1/250", aperture: "5.6", focalLength: "23.0", iso: 200, lens: "XF23mmF2"))
        #expect(first.location?.name == "Paris, Île-de-France, France" && first.people == nil)
        // Taken at 10:00 on the clock in Paris: the wall-clock time without its false Z, and the zone.
        #expect(first.createdAt == String(assets[0].taken.dropLast()) && first.timeZone == "Europe/Paris")
        #expect(first.fileDetails?.files == ["IMG_0001.jpg"] && first.favourite == false && first.altDescription == nil)
        let searches = fixture.requests.filter { $0.path == "/api/search/metadata" }
        #expect(searches.count == 3)
        #expect(searches.allSatisfy { $0.method == "POST" && $0.header("x-api-key") == fixture.key })
        #expect(try source.nextPage().photos.isEmpty)                   // the end stays the end, no request
        #expect(fixture.requests.filter { $0.path == "/api/search/metadata" }.count == 3)
        var videos = ImmichQuery()
        videos.includesVideos = true
        let withVideos = try ImmichSource(client: client(fixture), query: videos).nextPage().photos
        #expect(withVideos[3].photo.videoDuration == 5.123 && withVideos[3].photo.caption.hasPrefix("[video 0:05] "))
        #expect(withVideos[0].photo.videoDuration == nil && withVideos[0].photo.caption == "IMG_0001.jpg")
    }

    /// A v2 server embeds an album's assets in `GET /albums/{id}`: they are the album (no
    /// search), newest first, narrowed here as the server would (no videos, favourites, dates);
    /// v3 has none there and the album pages through a search with its id. The recorded v2
    /// album (aioimmich) reads as its four assets.
    @Test func aV2AlbumIsItsEmbeddedAssets() throws {
        var assets = ImmichFixture.library(8)
        for i in 0 ..< 6 { assets[i].albums = ["album-1"] }
        assets[1].video = true
        assets[2].favourite = true
        assets[4].favourite = true
        let fixture = try ImmichFixture(assets: assets)
        fixture.albums = [("album-1", "Summer")]
        fixture.version = (2, 5, 6)
        var query = ImmichQuery()
        query.albumID = "album-1"
        let source = ImmichSource(client: client(fixture), query: query)
        #expect(try source.nextPage().photos.map(\.photo.id) == [0, 2, 3, 4, 5].map { assets[$0].id })
        #expect(!source.hasMore && source.total == 5)
        #expect(!fixture.requests.contains { $0.path.hasPrefix("/api/search") })
        #expect(fixture.requests.filter { $0.path == "/api/albums/album-1" }.allSatisfy { $0.header("x-api-key") == fixture.key })
        query.favourites = true
        #expect(try ImmichSource(client: client(fixture), query: query).nextPage().photos.map(\.photo.id) == [assets[2].id, assets[4].id])
        query.favourites = false
        query.takenAfter = assets[4].taken
        query.takenBefore = assets[3].taken
        #expect(try ImmichSource(client: client(fixture), query: query).nextPage().photos.map(\.photo.id) == [assets[3].id, assets[4].id])
        query.takenAfter = nil
        query.takenBefore = nil
        query.includesVideos = true
        #expect(try ImmichSource(client: client(fixture), query: query).nextPage().photos[1].photo.videoDuration == 5.123)

        fixture.version = (3, 0, 3)
        query.includesVideos = false
        let v3 = ImmichSource(client: client(fixture), query: query)
        #expect(try v3.nextPage().photos.map(\.photo.id) == [0, 2, 3, 4, 5].map { assets[$0].id })
        #expect(fixture.requests.suffix(3).map(\.path) == ["/api/albums/album-1", "/api/search/metadata", "/api/server/config"])


        let recorded = try ImmichFixture.recorded("aioimmich__album_with_assets")
        let v2 = try FixtureServer { _ in .json(String(decoding: recorded, as: UTF8.self)) }
        let server = ImmichServer(address: v2.baseURL, key: "k", timeout: .seconds(5))!
        let read = try ImmichClient(server: server, transport: CurlTransport(), cache: nil, retryPauses: []).embeddedAssets(ofAlbum: "x")
        #expect(read?.assets.count == 4 && read?.assets.first?.originalFileName == "20230131_182037.jpg")
    }

    @Test func aCursorIsFollowed() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(5))
        fixture.cursors = true
        let client = client(fixture)
        var position: ImmichPagePosition?, ids: [String] = [], pages = 0
        repeat {
            let page = try client.search(ImmichQuery(), from: position, size: 2)
            ids += page.assets.map(\.id)
            position = page.next
            pages += 1
        } while position != nil && pages < 10
        #expect(pages == 3 && ids == ImmichFixture.library(5).map(\.id))
        let bodies = fixture.requests.compactMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        #expect(bodies.compactMap { $0["cursor"] as? String } == ["c2", "c3"])
    }

    /// Every request to the server carries the key in its header; none carries it anywhere else
    /// (the URL, the body), and the photos handed out hold it nowhere.
    @Test func theKeyGoesInTheHeaderOnly() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(3))
        let source = ImmichSource(client: client(fixture), query: ImmichQuery())
        let photos = try source.nextPage().photos
        _ = try source.images!.bytes(photoID: photos[0].photo.id, location: photos[0].image, width: 200, height: 150, exact: false, progress: nil)
        for request in fixture.requests {
            #expect(!request.target.contains(fixture.key) && !String(decoding: request.body, as: UTF8.self).contains(fixture.key))
        }
        #expect(fixture.requests.filter { $0.header("x-api-key") == fixture.key }.count >= 2)
        let encoded = String(decoding: try JSONEncoder().encode(photos.map(\.photo)), as: UTF8.self)
        #expect(!encoded.contains(fixture.key))
    }

    /// The grid's size gets the WebP thumbnail, the pager's the JPEG preview, a zoom past it the
    /// original: each decodes by its bytes, whatever its Content-Type said.
    @Test func renditionsBySize() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(1))
        let images = ImmichImages(client: client(fixture))
        let id = ImmichFixture.library(1)[0].id, location = ImageLocation.remote(URL(string: "http://unused/")!)
        #expect(try images.bytes(photoID: id, location: location, width: 240, height: 160, exact: false, progress: nil) == ImmichFixture.thumbnail)
        #expect(try images.bytes(photoID: id, location: location, width: 1200, height: 800, exact: false, progress: nil) == ImmichFixture.preview)
        _ = try images.bytes(photoID: id, location: location, width: 3000, height: 2000, exact: true, progress: nil)
        #expect(fixture.requests.map(\.target).suffix(3) == ["/api/assets/\(id)/thumbnail?size=thumbnail",
                                                             "/api/assets/\(id)/thumbnail?size=preview", "/api/assets/\(id)/original"])
    }

    /// The image pipeline knows a cancelled fetch (the person paged on) and a server in trouble
    /// (tried again later) by their own kinds, not as an error to show on the tile.
    @Test func cancelledAndTroubledFetchesAreTheirKinds() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(1))
        let images = ImmichImages(client: client(fixture))
        let id = ImmichFixture.library(1)[0].id, location = ImageLocation.remote(URL(string: "http://unused/")!)
        #expect(throws: HTTPError.cancelled) {
            try images.bytes(photoID: id, location: location, width: 1200, height: 800, exact: false) { _, _ in false }
        }
        fixture.imageStatus = 503
        do {
            _ = try images.bytes(photoID: id, location: location, width: 200, height: 100, exact: false, progress: nil)
            Issue.record("a 503 gave bytes")
        } catch let error as ImageFetchError {
            #expect(error.status == 503)
        }
    }

    /// A redirect on the same origin keeps the key; one to another origin goes there without it.
    @Test func redirectsCarryTheKeyOnlyHome() throws {
        let elsewhere = try FixtureServer { _ in FixtureServer.Reply(headers: [("Content-Type", "image/jpeg")], body: ImmichFixture.preview) }
        let fixture = try ImmichFixture(assets: ImmichFixture.library(2))
        let client = client(fixture)
        let ids = ImmichFixture.library(2).map(\.id)
        let home = client.server.url("assets/\(ids[0])/thumbnail", query: [URLQueryItem(name: "size", value: "fullsize")])
        #expect(try client.fetch(home) == ImmichFixture.preview)
        #expect(fixture.requests.last?.path == "/api/assets/\(ids[0])/original" && fixture.requests.last?.header("x-api-key") == fixture.key)
        fixture.fullsizeRedirect = { _ in elsewhere.baseURL + "/cdn/photo.jpg" }
        let away = client.server.url("assets/\(ids[1])/thumbnail", query: [URLQueryItem(name: "size", value: "fullsize")])
        #expect(try client.fetch(away) == ImmichFixture.preview)
        #expect(elsewhere.requests.count == 1 && elsewhere.requests[0].header("x-api-key") == nil)
        #expect(elsewhere.requests.allSatisfy { !$0.target.contains(fixture.key) })
    }

    @Test func aWrongKeyAForbiddenWriteAndNoServerSaySo() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(2))
        #expect(throws: ImmichError.keyRefused("Invalid API key")) { try client(fixture, key: "wrong").search(ImmichQuery(), from: nil, size: 5) }
        let ids = ImmichFixture.library(2).map(\.id)
        fixture.refusesFavourite = [ids[1]]
        try client(fixture).setFavourite(true, id: ids[0])
        #expect(fixture.assets[0].favourite)
        #expect(throws: ImmichError.forbidden("Missing required permission: asset.update")) { try client(fixture).setFavourite(true, id: ids[1]) }
        let gone = ImmichClient(server: ImmichServer(address: "http://127.0.0.1:9", key: "k")!, transport: CurlTransport(), cache: nil, retryPauses: [])
        do {
            _ = try gone.search(ImmichQuery(), from: nil, size: 5)
            Issue.record("an unreachable server answered")
        } catch {
            guard case .network = error else { Issue.record("not a network error: \(error)"); return }
        }
    }

    /// A rating is Immich's own: 1–5 and -1 as they are, 0 (cleared) as null, which v3 takes
    /// (it refuses 0); the page reads it back; a refusal is an error.
    @Test func ratingsAreImmichsOwn() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(2))
        let ids = fixture.assets.map(\.id)
        let source = ImmichSource(client: client(fixture), query: ImmichQuery())
        try source.setRating(4, photoID: ids[0])
        try source.setRating(-1, photoID: ids[1])
        #expect(fixture.assets.map(\.rating) == [4, -1])
        #expect(try ImmichSource(client: client(fixture), query: ImmichQuery()).nextPage().photos.map(\.photo.rating) == [4, -1])
        try source.setRating(nil, photoID: ids[0])
        try source.setRating(0, photoID: ids[1])
        #expect(fixture.assets.map(\.rating) == [nil, nil])
        #expect(fixture.requests.filter { $0.method == "PUT" }.map { String(decoding: $0.body, as: UTF8.self) }
            == [#"{"rating":4}"#, #"{"rating":-1}"#, #"{"rating":null}"#, #"{"rating":null}"#])
        #expect(try ImmichSource(client: client(fixture), query: ImmichQuery()).nextPage().photos.map(\.photo.rating) == [0, 0])
        fixture.refusesFavourite = [ids[1]]
        #expect(throws: ImmichError.self) { try source.setRating(2, photoID: ids[1]) }
    }

    /// `D` sends an asset to Immich's own trash (not forced: restorable there) and `u` brings it
    /// back; a refusal is an error.
    @Test func theTrashIsImmichsOwn() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(3))
        let ids = fixture.assets.map(\.id)
        let source = ImmichSource(client: client(fixture), query: ImmichQuery())
        try source.trash(photoID: ids[1])
        #expect(fixture.assets.map(\.trashed) == [false, true, false])
        #expect(try ImmichSource(client: client(fixture), query: ImmichQuery()).nextPage().photos.map(\.photo.id) == [ids[0], ids[2]])
        try source.restore(photoID: ids[1])
        #expect(fixture.assets.map(\.trashed) == [false, false, false])
        let writes = fixture.requests.filter { $0.method != "GET" && $0.path != "/api/search/metadata" }
        #expect(writes.map { "\($0.method) \($0.path) " + String(decoding: $0.body, as: UTF8.self) }
            == [#"DELETE /api/assets {"force":false,"ids":["\#(ids[1])"]}"#, #"POST /api/trash/restore/assets {"ids":["\#(ids[1])"]}"#])
        fixture.refusesFavourite = [ids[0]]
        #expect(throws: ImmichError.forbidden("Missing required permission: asset.delete")) { try source.trash(photoID: ids[0]) }
    }

    /// Pages and images seen once come from the disk cache when the server is gone; nothing in
    /// the cache (names or contents) holds the key.
    @Test func aLibrarySeenOnceBrowsesOffline() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(5))
        let directory = try TemporaryDirectory()
        let cache = DiskCache(root: directory.url.appendingPathComponent("photopager"), budgetBytes: 10 << 20)
        let client = ImmichClient(server: ImmichServer(address: fixture.baseURL, key: fixture.key, timeout: .seconds(2))!,
                                  transport: CurlTransport(), cache: cache, retryPauses: [])
        let first = try ImmichSource(client: client, query: ImmichQuery()).nextPage().photos
        let photo = first[0]
        let thumbnail = try ImmichSource(client: client, query: ImmichQuery()).images!
            .bytes(photoID: photo.photo.id, location: photo.image, width: 200, height: 150, exact: false, progress: nil)
        fixture.server.stop()
        let offline = ImmichSource(client: client, query: ImmichQuery())
        let page = try offline.nextPage()
        #expect(page.photos.map(\.photo.id) == first.map(\.photo.id) && page.fromCache)
        #expect(try offline.images!.bytes(photoID: photo.photo.id, location: photo.image, width: 200, height: 150, exact: false,
                                          progress: nil) == thumbnail)
        for file in FileManager.default.enumerator(atPath: cache.root.path)!.compactMap({ $0 as? String }) {
            #expect(!file.contains(fixture.key))
            let contents = (try? Data(contentsOf: cache.root.appendingPathComponent(file))) ?? Data()
            #expect(contents.range(of: Data(fixture.key.utf8)) == nil, "\(file)")
        }
    }

    /// `P`: an INDIVIDUAL shared link with the configured expiry, on the external domain; a key
    /// that is not base64url is never handed out.
    @Test func aPublicLinkOnTheExternalDomain() throws {
        let fixture = try ImmichFixture(assets: ImmichFixture.library(2))
        fixture.externalDomain = "https://photos.example.org"
        let now = Date(timeIntervalSince1970: 1_796_000_000)           // 2026-11-30T00:53:20Z
        let source = ImmichSource(client: client(fixture), query: ImmichQuery(), linkDays: 7, now: { now })
        let id = fixture.assets[1].id
        #expect(try source.publicLink(photoID: id) == PublicLink(url: "https://photos.example.org/share/Q0ZHa2V5_-9", expires: "2026-12-07"))
        let request = try #require(fixture.requests.last { $0.path == "/api/shared-links" })
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["type"] as? String == "INDIVIDUAL" && body["assetIds"] as? [String] == [id])
        #expect(body["expiresAt"] as? String == "2026-12-07T00:53:20Z" && request.header("x-api-key") == fixture.key)
        let forever = ImmichSource(client: client(fixture), query: ImmichQuery(), linkDays: nil)
        #expect(try forever.publicLink(photoID: id).expires == nil)
        let again = try #require(fixture.requests.last { $0.path == "/api/shared-links" })
        #expect((try JSONSerialization.jsonObject(with: again.body) as? [String: Any])?["expiresAt"] == nil)
        fixture.sharedLinkKey = "abc\u{1B}]52;c;AAAA\u{07}"
        #expect(throws: ImmichError.malformed("a shared link without a key")) { try forever.publicLink(photoID: id) }
    }

    @Test func versionsOlderThanTwoAreNamed() throws {
        let fixture = try ImmichFixture(assets: [])
        #expect(try client(fixture).checkVersion() == "3.0.3")
        fixture.version = (1, 132, 3)
        #expect(throws: ImmichError.tooOld("1.132.3")) { try client(fixture).checkVersion() }
    }

    @Test func serverAddresses() {
        #expect(ImmichServer(address: "https://photos.example.org/", key: "k")?.origin.absoluteString == "https://photos.example.org")
        #expect(ImmichServer(address: "HTTP://nas.local:2283/api", key: "k")?.origin.absoluteString == "http://nas.local:2283")
        for bad in ["ftp://x", "https://", "https://u:p@x", "https://x/immich", "https://x/?a=1", "photos.example.org"] {
            #expect(ImmichServer(address: bad, key: "k") == nil, "\(bad)")
        }
        let withCA = ImmichServer(address: "https://nas.home", key: "k", caFile: "/etc/immich-ca.pem")!
        #expect(withCA.request(withCA.url("albums")).caFile == "/etc/immich-ca.pem")     // every request to it
        let server = ImmichServer(address: "https://x.org", key: "k")!
        #expect(server.isSameOrigin(URL(string: "https://X.org:443/api/y")!) && !server.isSameOrigin(URL(string: "http://x.org/api")!))
        #expect(!server.isSameOrigin(URL(string: "https://x.org.evil.com/")!))
    }
}
