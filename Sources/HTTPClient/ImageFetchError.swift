/// The image host answered, but not with an image: the status says whether to try again later
/// (5xx, 429) or show an error tile.
public struct ImageFetchError: Error, CustomStringConvertible, Sendable {
    public let status: Int
    public var description: String { "the image server answered HTTP \(status)" }

    public init(status: Int) {
        self.status = status
    }
}
