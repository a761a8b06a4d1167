/// The one seam between the app and the network, so tests can stand in a loopback server or a
/// scripted transport. Implementations are blocking and thread-safe: callers run them on
/// background workers, several at once.
public protocol HTTPTransport: Sendable {
    /// Performs the request. Any status is a reply; only no reply at all throws.
    /// `progress` is called with bytes received and the expected total (0 when unknown); it
    /// returns false to abort the transfer, which then throws `.cancelled`.
    func send(_ request: HTTPRequest, progress: HTTPProgress?) throws(HTTPError) -> HTTPResponse
}

public typealias HTTPProgress = @Sendable (_ received: Int64, _ total: Int64) -> Bool

extension HTTPTransport {
    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        try send(request, progress: nil)
    }
}

/// Why no reply arrived.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP library could not be loaded (not installed).
    case unavailable(String)
    /// The transfer took longer than the request allows.
    case timedOut
    /// The progress callback asked to stop.
    case cancelled
    /// No connection at all: the host is unknown or refuses (offline). Trying again at once
    /// will not help; a cached copy will.
    case unreachable(String)
    /// The reply was larger than the request allows.
    case tooLarge(String)
    /// Everything else the library reports: refused connections, unknown hosts, TLS errors.
    case failed(String)

    public var description: String {
        switch self {
        case .unavailable(let why): why
        case .timedOut: "the server did not answer in time"
        case .cancelled: "cancelled"
        case .tooLarge(let why): why
        case .unreachable(let why): why
        case .failed(let why): why
        }
    }

    /// May work later (a network that comes back, a server that recovers): not a fact about
    /// the resource, so nothing should remember it as one.
    public var mayPass: Bool {
        switch self {
        case .timedOut, .failed, .unreachable, .unavailable: true
        case .cancelled, .tooLarge: false
        }
    }

    /// Worth trying again at once: the server was reached and may answer next time (a
    /// timeout, a dropped connection). An unreachable host is not: offline stays offline.
    public var isWorthRetryingAtOnce: Bool {
        switch self {
        case .timedOut, .failed: true
        case .unavailable, .cancelled, .tooLarge, .unreachable: false
        }
    }
}
