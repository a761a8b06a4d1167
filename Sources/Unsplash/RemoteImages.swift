import FoundationEssentials
import HTTPClient
import PhotoCache
import PhotoLibrary

/// Image bytes from the web, kept in the disk cache's `images/` store, one folder per photo.
///
/// An Unsplash `urls.raw` is fetched resized to what is shown, with the documented imgix
/// parameters, rounded up to a size bucket (at most 1.25× the need) so a resize or a grid zoom
/// mostly finds the bucket already on disk. Offline, any cached size of the photo beats a
/// placeholder. No key ever goes with an image request: images are not the API.
public final class RemoteImages: PhotoImageFetcher {
    private let transport: any HTTPTransport
    private let cache: DiskCache?
    public let timeout: Duration

    public init(transport: any HTTPTransport, cache: DiskCache?, timeout: Duration = .seconds(30)) {
        self.transport = transport
        self.cache = cache
        self.timeout = timeout
    }

    /// Bucket sides: 16 × 1.25ⁿ rounded up, so every need lands within 1.25× of its bucket.
    static let buckets: [Int] = {
        var sides: [Int] = []
        var side = 16.0
        while side < 20_000 {
            sides.append(Int(side.rounded(.up)))
            side *= 1.25
        }
        return sides
    }()

    /// The smallest bucket at least `side` (sides past the last bucket are kept exact).
    public static func bucket(_ side: Int) -> Int {
        buckets.first { $0 >= side } ?? side
    }

    /// `raw` with the resize parameters set (replacing any of the same name already there).
    public static func sized(_ raw: URL, width: Int, height: Int) -> URL {
        guard var parts = URLComponents(url: raw, resolvingAgainstBaseURL: false) else { return raw }
        let set: [(String, String)] = [("w", "\(width)"), ("h", "\(height)"), ("fit", "max"), ("fm", "jpg"),
                                       ("q", "80"), ("dpr", "1")]
        let names = Set(set.map(\.0))
        let kept = (parts.percentEncodedQueryItems ?? []).filter { !names.contains($0.name) }
        parts.percentEncodedQueryItems = kept + set.map { URLQueryItem(name: $0.0, value: $0.1) }
        return parts.url ?? raw
    }

    /// What to fetch for a photo shown at `width`×`height` pixels, and its cache key. `exact`:
    /// that size, not rounded up to a bucket (a zoomed pager asks for no more than the photo's
    /// own width; its levels are few, so they cache as well as buckets do).
    public static func plan(photoID: String, location: ImageLocation, width: Int, height: Int,
                            exact: Bool = false) -> (url: URL, key: EntryKey)? {
        switch location {
        case .file: return nil
        case .remote(let url):
            return (url, EntryKey.hashed(url.absoluteString, folder: photoID))
        case .resizable(let raw):
            let w = exact ? max(1, width) : bucket(max(1, width)), h = exact ? max(1, height) : bucket(max(1, height))
            return (sized(raw, width: w, height: h), EntryKey(folder: photoID, name: "\(w)x\(h)"))
        }
    }

    /// The image's bytes: the cache, else the network, else (offline) any size cached of it.
    /// `progress` may abort (the person paged on); that throws `HTTPError.cancelled`.
    public func bytes(photoID: String, location: ImageLocation, width: Int, height: Int, exact: Bool = false,
                      progress: HTTPProgress? = nil) throws -> Data {
        guard let (url, key) = Self.plan(photoID: photoID, location: location, width: width, height: height,
                                         exact: exact) else {
            throw HTTPError.failed("not a remote image")
        }
        if let kept = cache?.read(.images, key) { return kept }
        do {
            let data = try fetch(url, progress: progress)
            cache?.write(.images, key, data)
            return data
        } catch HTTPError.cancelled {
            throw HTTPError.cancelled
        } catch {
            // Offline, or the image host failing: any size kept of this photo beats nothing.
            if let other = anyCachedSize(photoID: photoID) { return other }
            throw error
        }
    }

    private func fetch(_ url: URL, progress: HTTPProgress?) throws -> Data {
        let request = HTTPRequest(url: url, timeout: timeout, maximumBodyBytes: 64 << 20)
        var tries = 0
        while true {
            do {
                let response = try transport.send(request, progress: progress)
                guard response.isSuccess else { throw ImageFetchError(status: response.status) }
                return response.body
            } catch let error as HTTPError where error.isWorthRetryingAtOnce && tries == 0 {
                tries += 1                       // one more try: a dropped connection is common
            }
        }
    }

    /// The largest size of the photo kept on disk.
    private func anyCachedSize(photoID: String) -> Data? {
        guard let cache else { return nil }
        let keys = cache.keys(.images, folder: photoID).sorted { Self.area($0.name) > Self.area($1.name) }
        return keys.lazy.compactMap { cache.read(.images, $0) }.first
    }

    /// "800x600" → 480000; other names (whole originals) rank first.
    private static func area(_ name: String) -> Int {
        let sides = name.split(separator: "x").compactMap { Int($0) }
        return sides.count == 2 ? sides[0] * sides[1] : .max
    }
}
