import PhotoPagerBase

/// Where a paged source stands: the pager asks for the next page as the person nears the end.
public struct FeedStatus: Sendable, Hashable {
    /// The service the source is on ("Unsplash"): what `/` searches.
    public var service: String
    /// What it can do beyond paging (a search, a photo's details…).
    public var capabilities: PhotoSourceCapabilities
    /// How many photos the whole feed has (`X-Total`), when the API said.
    public var total: Int?
    /// The API has a next page.
    public var hasMore: Bool
    /// A page request is out: never a second one at the same time, so never two for one page.
    public internal(set) var isLoading = false
    /// The last page request failed; it is tried again when the person moves.
    public internal(set) var lastFailed = false

    public init(service: String, capabilities: PhotoSourceCapabilities, total: Int? = nil, hasMore: Bool) {
        self.service = service
        self.capabilities = capabilities
        self.total = total
        self.hasMore = hasMore
    }

    /// The same service, from the first page of something new (a search).
    var startingOver: FeedStatus {
        FeedStatus(service: service, capabilities: capabilities, hasMore: true)
    }

    /// The grid asks for more within two rows of the end; the pager within three photos.
    static let gridRowsAhead = 2
    static let pagerPhotosAhead = 3
}

/// One page of photos that arrived for the feed.
public struct FeedPageArrival: Sendable, Hashable {
    public var photos: [Photo]
    public var total: Int?
    public var hasMore: Bool
    /// Served from the disk cache: the network could not be used.
    public var fromCache: Bool

    public init(photos: [Photo], total: Int?, hasMore: Bool, fromCache: Bool = false) {
        self.photos = photos
        self.total = total
        self.hasMore = hasMore
        self.fromCache = fromCache
    }
}
