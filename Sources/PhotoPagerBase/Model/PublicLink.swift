/// A link to a photo that needs no login, as a library made it (`P`).
public struct PublicLink: Sendable, Hashable {
    public let url: String
    /// When it stops working ("2026-12-10"), nil for never.
    public let expires: String?

    public init(url: String, expires: String?) {
        self.url = url
        self.expires = expires
    }
}
