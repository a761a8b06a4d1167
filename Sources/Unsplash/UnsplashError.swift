import HTTPClient

/// What went wrong talking to Unsplash, in the words the status line and stderr show.
public enum UnsplashError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401: the key is wrong or revoked.
    case keyRefused
    /// 403 "Rate Limit Exceeded" or 429; no API calls until the hour turns.
    case rateLimited
    /// 404: no such photo, collection, topic or user.
    case notFound(String)
    /// Any other non-success status, after retries where they make sense.
    case status(Int)
    /// The reply was not the JSON we expect.
    case malformed(String)
    /// No reply at all (offline, refused, timed out) after retries.
    case network(HTTPError)

    public var description: String {
        switch self {
        case .keyRefused: "the access key was refused (check UNSPLASH_ACCESS_KEY, --access-key or access_key in the config file)"
        case .rateLimited: "Unsplash rate limit reached (50 requests an hour for demo keys)"
        case .notFound(let what): "not found on Unsplash: \(what)"
        case .status(let code): "Unsplash answered HTTP \(code)"
        case .malformed(let detail): "Unsplash sent a reply that is not a photo listing: \(detail)"
        case .network(.timedOut): "Unsplash did not answer in time"
        case .network(let error): "cannot reach Unsplash: \(error)"
        }
    }

    /// True when a cached copy should be shown instead (offline, rate limited, server trouble).
    public var prefersCache: Bool {
        switch self {
        case .network, .rateLimited, .status: true
        case .keyRefused, .notFound, .malformed: false
        }
    }
}
