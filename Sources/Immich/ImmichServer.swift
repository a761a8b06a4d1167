import FoundationEssentials
import HTTPClient
import PhotoPagerBase

/// An Immich server: its origin (the API is under `/api`) and the key that opens it. The key
/// goes in the `x-api-key` header of requests to this origin and nowhere else: never in a
/// query string, a URL handed out, a cache key or a message.
public struct ImmichServer: Sendable, Equatable {
    /// scheme://host[:port], no path.
    public let origin: URL
    let key: String
    public let timeout: Duration
    /// `immich_ca_file`: the server's own certificate authority (PEM), trusted for it alone.
    public let caFile: String?

    /// `address`: what the person gave (`https://photos.example.org`, a trailing slash or `/api`
    /// allowed); nil when it is not an http(s) origin.
    public init?(address: String, key: String, timeout: Duration = .seconds(15), caFile: String? = nil) {
        guard var parts = URLComponents(string: address.trimmingWhitespace),
              let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = parts.host, !host.isEmpty, parts.user == nil, parts.password == nil,
              parts.query == nil, parts.fragment == nil
        else { return nil }
        let path = parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path
        guard path.isEmpty || path == "/api" else { return nil }
        parts.scheme = scheme
        parts.path = ""
        guard let origin = parts.url else { return nil }
        self.origin = origin
        self.key = key
        self.timeout = timeout
        self.caFile = caFile
    }

    /// Plain http: the key crosses the network in clear (a server on the home network).
    public var isPlainHTTP: Bool { origin.scheme == "http" }

    /// `/api/PATH` on this server.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        var parts = URLComponents(url: origin, resolvingAgainstBaseURL: false)!
        parts.path = "/api/" + path
        if !query.isEmpty { parts.queryItems = query }
        return parts.url!
    }

    /// A request to this server with the key; JSON in and out; redirects are not followed by the
    /// library (it would send the key on to wherever they point: see `ImmichClient.fetch`).
    func request(_ url: URL, method: String = "GET", json: Data? = nil, accept: String = "application/json") -> HTTPRequest {
        var headers = [("x-api-key", key), ("Accept", accept)]
        if json != nil { headers.append(("Content-Type", "application/json")) }
        var request = HTTPRequest(url: url, headers: HTTPHeaders(headers), timeout: timeout, followsRedirects: false,
                                  method: method, body: json)
        request.caFile = caFile
        return request
    }

    /// Whether `url` is on this server's origin (scheme, host and port alike).
    public func isSameOrigin(_ url: URL) -> Bool {
        url.scheme?.lowercased() == origin.scheme && url.host?.lowercased() == origin.host?.lowercased()
            && (url.port ?? Self.defaultPort(url.scheme)) == (origin.port ?? Self.defaultPort(origin.scheme))
    }

    private static func defaultPort(_ scheme: String?) -> Int { scheme?.lowercased() == "https" ? 443 : 80 }
}
