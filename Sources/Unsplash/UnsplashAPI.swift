import FoundationEssentials
import HTTPClient

/// Where the API is and who we are to it.
///
/// The base is `https://api.unsplash.com/` unless `UNSPLASH_API_URL` names another (a proxy
/// that holds the key, or a test server). API URLs that arrive in replies on api.unsplash.com
/// (`Link` next pages, `links.download_location`) are fetched through the base, and the key is
/// sent to the base's host only: never to image hosts, never to anywhere a reply points.
public struct UnsplashAPI: Sendable, Hashable {
    public static let defaultBase = URL(string: "https://api.unsplash.com/")!
    public static let officialHost = "api.unsplash.com"

    public var base: URL
    public var accessKey: String
    public var timeout: Duration

    public init(base: URL = defaultBase, accessKey: String, timeout: Duration = .seconds(20)) {
        self.base = base
        self.accessKey = accessKey
        self.timeout = timeout
    }

    /// `url` moved onto the base when it points at the official API host; else unchanged.
    public func throughBase(_ url: URL) -> URL {
        guard let host = url.host?.lowercased(), host == Self.officialHost,
              var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let baseParts = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return url }
        parts.scheme = baseParts.scheme
        parts.host = baseParts.host
        parts.port = baseParts.port
        let basePath = baseParts.percentEncodedPath
        let prefix = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        parts.percentEncodedPath = prefix + parts.percentEncodedPath
        return parts.url ?? url
    }

    /// Whether `url` is on the base's scheme, host and port: the only place the key may go.
    public func isAPI(_ url: URL) -> Bool {
        url.scheme?.lowercased() == base.scheme?.lowercased() && url.host?.lowercased() == base.host?.lowercased()
            && (url.port ?? Self.defaultPort(url)) == (base.port ?? Self.defaultPort(base))
    }

    /// The GET for `url`: through the base, with the key and `Accept-Version: v1` when it is the API.
    public func request(_ url: URL, timeout: Duration? = nil, maximumBytes: Int = 16 << 20) -> HTTPRequest {
        let target = throughBase(url)
        let headers = HTTPHeaders(isAPI(target) ? [("Authorization", "Client-ID " + accessKey), ("Accept-Version", "v1")] : [])
        // The key must not follow a redirect anywhere: API replies are not redirected.
        return HTTPRequest(url: target, headers: headers, timeout: timeout ?? self.timeout, maximumBodyBytes: maximumBytes,
                           followsRedirects: headers.fields.isEmpty)
    }

    private static func defaultPort(_ url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "https": 443
        case "http": 80
        default: nil
        }
    }
}
