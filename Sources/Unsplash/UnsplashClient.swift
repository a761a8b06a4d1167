import FoundationEssentials
import Glibc
import HTTPClient
import PhotoCache
import PhotoLibrary
import PhotoPagerBase

/// Talks to the Unsplash API: listings, full photo objects, the download ping. Blocking and
/// thread-safe (the pager calls it from background workers).
///
/// - Retries: 5xx replies and timeouts are tried up to three times with growing pauses.
/// - Rate limit: after 403 `Rate Limit Exceeded` (plain text, not JSON) or 429 no API call is
///   made until the hour turns; images keep loading, they are not API calls.
/// - Cache: listings are fetched fresh and kept on disk; when the network fails (offline, rate
///   limited, server trouble) the kept copy is served, so a feed seen once pages offline. Full
///   photo objects do not change: the kept copy is served first.
public final class UnsplashClient: Sendable {
    public let api: UnsplashAPI
    private let transport: any HTTPTransport
    private let cache: DiskCache?
    private let now: @Sendable () -> Double
    private let retryPauses: [Duration]
    private let limit = Locked(RateLimit())
    /// The originals' URLs the download pings answered, by photo id: a photo is pinged once
    /// per run, whether it was shared, downloaded or both.
    private let originals = Locked<[String: String]>([:])

    public init(api: UnsplashAPI, transport: any HTTPTransport, cache: DiskCache?,
                retryPauses: [Duration] = [.milliseconds(400), .milliseconds(1200)],
                now: @escaping @Sendable () -> Double = { Double(time(nil)) }) {
        self.api = api
        self.transport = transport
        self.cache = cache
        self.retryPauses = retryPauses
        self.now = now
    }

    /// `X-Ratelimit-Remaining` of the latest API reply.
    public var rateRemaining: Int? { limit.withLock { $0.remaining } }
    public var isRateLimited: Bool { limit.withLock { $0.isBlocked(now: now()) } }

    /// One page of a listing (the feed's first page, or a `Link: rel="next"` URL).
    public func page(_ url: URL, isSearch: Bool) throws(UnsplashError) -> FeedPage {
        let key = EntryKey.hashed(api.throughBase(url).absoluteString, folder: "pages")
        do {
            let response = try send(url)
            let page = try FeedPage.parse(response, isSearch: isSearch)
            cache?.write(.api, key, CachedReply.encode(response))
            return page
        } catch where error.prefersCache {
            guard let stored = cache?.read(.api, key), let response = CachedReply.decode(stored),
                  var page = try? FeedPage.parse(response, isSearch: isSearch) else { throw error }
            page.fromCache = true
            return page
        }
    }

    /// The full photo object (`GET /photos/:id`: exif, location), kept on disk once fetched.
    public func photo(id: String) throws(UnsplashError) -> Photo {
        let key = EntryKey(folder: "photos", name: id)
        if let stored = cache?.read(.api, key), let photo = try? JSONDecoder().decode(Photo.self, from: stored) {
            return photo
        }
        let url = api.base.appendingPathComponent("photos").appendingPathComponent(id.percentEncoded())
        let response = try send(url)
        let photo: Photo
        do {
            photo = try JSONDecoder().decode(Photo.self, from: response.body)
        } catch {
            throw .malformed("photo \(id): \(error)")
        }
        cache?.write(.api, key, response.body)
        return photo
    }

    /// The guideline ping when a photo is shared or downloaded: an authorised GET of its
    /// `links.download_location` (query, and so `ixid`, kept) through the base. Returns the
    /// reply's `url` (the original to download), when it has one.
    /// A photo already pinged is not pinged again: its answer is kept.
    @discardableResult
    public func trackDownload(_ photo: Photo) throws(UnsplashError) -> String? {
        if let known = originals.withLock({ $0[photo.id] }) { return known.isEmpty ? nil : known }
        guard let location = photo.links?.downloadLocation, let url = URL(string: location),
              url.isWeb else { return nil }
        let response = try send(url)
        struct Reply: Decodable { var url: String? }
        let original = (try? JSONDecoder().decode(Reply.self, from: response.body))?.url
        originals.withLock { $0[photo.id] = original ?? "" }
        return original
    }

    /// One API GET with the retry, rate-limit and status rules; a success or a thrown error.
    func send(_ url: URL) throws(UnsplashError) -> HTTPResponse {
        if isRateLimited { throw .rateLimited }
        let request = api.request(url)
        var attempt = 0
        while true {
            let failure: UnsplashError
            do {
                let response = try transport.send(request)
                if let remaining = response.headers.integer("X-Ratelimit-Remaining") {
                    limit.withLock { $0.remaining = remaining }
                }
                switch response.status {
                case 200 ..< 300: return response
                case 401: throw UnsplashError.keyRefused
                case 403 where Self.saysRateLimit(response.body), 429:
                    limit.withLock { $0.block(now: now()) }
                    throw UnsplashError.rateLimited
                case 404: throw UnsplashError.notFound(request.url.path)
                case 500 ..< 600: failure = .status(response.status)
                default: throw UnsplashError.status(response.status)
                }
            } catch let error as UnsplashError {
                throw error
            } catch let error as HTTPError {
                guard error.isWorthRetryingAtOnce else { throw UnsplashError.network(error) }
                failure = .network(error)
            } catch {
                throw UnsplashError.network(.failed("\(error)"))
            }
            guard attempt < retryPauses.count else { throw failure }
            Self.pause(retryPauses[attempt])
            attempt += 1
        }
    }

    /// Unsplash's over-quota reply is the plain text "Rate Limit Exceeded", not JSON.
    static func saysRateLimit(_ body: Data) -> Bool {
        String(decoding: body.prefix(200), as: UTF8.self).trimmingWhitespace.lowercased().hasPrefix("rate limit exceeded")
    }

    private static func pause(_ duration: Duration) {
        usleep(UInt32(clamping: duration.wholeMicroseconds))
    }
}

/// A reply as kept in the API store: the header block, a blank line, the body, so a kept page
/// parses exactly like a fresh one.
enum CachedReply {
    static func encode(_ response: HTTPResponse) -> Data {
        var head = "HTTP/1.1 \(response.status)\r\n"
        for field in response.headers.fields where ["link", "x-total"].contains(field.name.lowercased()) {
            head += "\(field.name): \(field.value)\r\n"
        }
        return Data((head + "\r\n").utf8) + response.body
    }

    static func decode(_ data: Data) -> HTTPResponse? {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        return HTTPResponse(status: 200, headers: HTTPHeaders(parsing: head), body: data[end.upperBound...])
    }
}
