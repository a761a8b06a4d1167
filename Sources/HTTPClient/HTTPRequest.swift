import FoundationEssentials

/// One request: where, with which method, headers and body, and how long it may take.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    /// "GET", or "POST"/"PUT" with `body` (a library server's search, a favourite).
    public var method: String
    public var body: Data?
    /// Sent in this order; names are matched case-insensitively by servers.
    public var headers: HTTPHeaders
    /// How long a connection may take to open.
    public var connectTimeout: Duration
    /// The whole transfer, connection included.
    public var timeout: Duration
    /// Larger replies are refused: a hostile server must not fill memory.
    public var maximumBodyBytes: Int
    /// Images follow redirects; API requests (which carry the key) do not.
    public var followsRedirects: Bool
    /// Certificate authorities to trust instead of the system's (a PEM file): a self-hosted
    /// server's own CA. There is no way to turn verification off.
    public var caFile: String?

    public init(url: URL, headers: HTTPHeaders = HTTPHeaders(), connectTimeout: Duration = .seconds(10),
                timeout: Duration = .seconds(30), maximumBodyBytes: Int = 64 << 20, followsRedirects: Bool = true,
                method: String = "GET", body: Data? = nil) {
        self.followsRedirects = followsRedirects
        self.method = method
        self.body = body
        self.url = url
        self.headers = headers
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }

    public func value(forHeader name: String) -> String? { headers[name] }
}
