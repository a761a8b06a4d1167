/// What a source of photos can do beyond handing out pages, asked before a key that needs it
/// is offered: `/` searches the source only when it can search, and the writes back (a
/// favourite, a rating, the trash) go only to a source that takes them.
public struct PhotoSourceCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A search within the source, browsed in place of its feed.
    public static let search = PhotoSourceCapabilities(rawValue: 1 << 0)
    /// One photo's full object (camera, place) beyond what its page gave.
    public static let details = PhotoSourceCapabilities(rawValue: 1 << 1)
    public static let favourite = PhotoSourceCapabilities(rawValue: 1 << 2)
    public static let rating = PhotoSourceCapabilities(rawValue: 1 << 3)
    public static let trash = PhotoSourceCapabilities(rawValue: 1 << 4)
    /// A link anyone can open (Immich's shared links), made only when asked for.
    public static let publicLink = PhotoSourceCapabilities(rawValue: 1 << 5)
}
