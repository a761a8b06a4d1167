/// What the API said of our quota, and whether we must stay quiet until the hour turns.
struct RateLimit: Sendable {
    /// `X-Ratelimit-Remaining` of the latest reply.
    var remaining: Int?
    /// Seconds since the epoch before which no API call is made (after 403 "Rate Limit
    /// Exceeded" or 429). Unsplash's quota is per clock hour.
    var blockedUntil: Double?

    func isBlocked(now: Double) -> Bool { blockedUntil.map { now < $0 } ?? false }

    mutating func block(now: Double) {
        blockedUntil = (now / 3600).rounded(.down) * 3600 + 3600
        remaining = 0
    }
}
