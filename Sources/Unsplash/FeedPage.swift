import FoundationEssentials
import HTTPClient
import PhotoPagerBase

/// One page of a listing: its photos, where the next page is, and how many photos the whole
/// feed has (`X-Total`, or a search reply's `total`).
public struct FeedPage: Sendable, Equatable {
    public var photos: [Photo]
    public var next: URL?
    public var total: Int?
    /// Served from the disk cache because the network could not be used.
    public var fromCache = false

    public init(photos: [Photo], next: URL? = nil, total: Int? = nil) {
        self.photos = photos
        self.next = next
        self.total = total
    }

    /// Reads a successful listing reply. A search's next page past page 200 is dropped: the
    /// API answers nothing there.
    public static func parse(_ response: HTTPResponse, isSearch: Bool) throws(UnsplashError) -> FeedPage {
        let photos: [Photo]
        do {
            photos = try ManifestDecoder.photos(from: response.body)
        } catch {
            throw .malformed(error.description)
        }
        var next = LinkHeader.target(response.headers.joined("Link"), relation: "next").flatMap { URL(string: $0) }
        if isSearch, let page = next.flatMap(pageNumber), page > UnsplashFeed.lastSearchPage { next = nil }
        let total = response.headers.integer("X-Total") ?? searchTotal(response.body)
        return FeedPage(photos: photos, next: next, total: total)
    }

    /// The `page` query parameter of a listing URL.
    public static func pageNumber(_ url: URL) -> Int? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "page" }?.value.flatMap { Int($0) }
    }

    private struct SearchTotal: Decodable { var total: Int? }

    private static func searchTotal(_ body: Data) -> Int? {
        (try? JSONDecoder().decode(SearchTotal.self, from: body))?.total
    }
}
