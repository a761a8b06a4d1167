import FoundationEssentials

/// One GET: where, with which headers, and how long it may take.
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
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

    public init(url: URL, headers: HTTPHeaders = HTTPHeaders(), connectTimeout: Duration = .seconds(10),
                timeout: Duration = .seconds(30), maximumBodyBytes: Int = 64 << 20, followsRedirects: Bool = true) {
        self.followsRedirects = followsRedirects
        self.url = url
        self.headers = headers
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }

    public func value(forHeader name: String) -> String? { headers[name] }
}
