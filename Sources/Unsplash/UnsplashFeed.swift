import FoundationEssentials
import PhotoPagerBase

/// Which listing of Unsplash to browse: the editorial feed, a search, a collection, a topic or
/// a photographer's photos. Each is `per_page=30` pages followed through `Link: rel="next"`.
public enum UnsplashFeed: Sendable, Hashable {
    case editorial
    case search(SearchQuery)
    case collection(String)
    case topic(String)
    case user(String)

    public struct SearchQuery: Sendable, Hashable {
        public var query: String
        public var orientation: String?
        public var color: String?
        public var orderBy: String?

        public init(query: String, orientation: String? = nil, color: String? = nil, orderBy: String? = nil) {
            self.query = query
            self.orientation = orientation
            self.color = color
            self.orderBy = orderBy
        }
    }

    /// The values the API accepts, for usage errors that list them.
    public static let orientations = ["landscape", "portrait", "squarish"]
    public static let colors = ["black_and_white", "black", "white", "yellow", "orange", "red", "purple",
                                "magenta", "green", "teal", "blue"]
    public static let searchOrders = ["relevant", "latest"]

    /// The API answers nothing past page 200 of a search.
    public static let lastSearchPage = 200
    public static let perPage = 30

    /// The first page's URL under the API base.
    public func firstPage(base: URL) -> URL {
        var query: [(String, String)] = []
        let path: String
        switch self {
        case .editorial: path = "photos"
        case .search(let search):
            path = "search/photos"
            query.append(("query", search.query))
            if let orientation = search.orientation { query.append(("orientation", orientation)) }
            if let color = search.color { query.append(("color", color)) }
            if let order = search.orderBy { query.append(("order_by", order)) }
        case .collection(let id): path = "collections/" + id.percentEncoded() + "/photos"
        case .topic(let slug): path = "topics/" + slug.percentEncoded() + "/photos"
        case .user(let name): path = "users/" + name.percentEncoded() + "/photos"
        }
        query += [("page", "1"), ("per_page", String(Self.perPage))]
        let text = base.absoluteString.hasSuffix("/") ? base.absoluteString : base.absoluteString + "/"
        return URL(string: text + path + "?" + query.map { $0.0 + "=" + $0.1.percentEncoded() }.joined(separator: "&"))!
    }

    /// How the status line names the feed.
    public var title: String {
        switch self {
        case .editorial: "Unsplash"
        case .search(let search): "Unsplash · “\(search.query)”"
        case .collection(let id): "Unsplash · collection \(id)"
        case .topic(let slug): "Unsplash · \(slug)"
        case .user(let name): "Unsplash · @\(name)"
        }
    }

    public var isSearch: Bool {
        if case .search = self { return true }
        return false
    }
}
