/// Where a remote feed stands: the pager asks for the next page as the person nears the end.
public struct FeedStatus: Sendable, Hashable {
    /// How many photos the whole feed has (`X-Total`), when the API said.
    public var total: Int?
    /// The API has a next page.
    public var hasMore: Bool
    /// A page request is out: never a second one at the same time, so never two for one page.
    public internal(set) var isLoading = false
    /// The last page request failed; it is tried again when the person moves.
    public internal(set) var lastFailed = false

    public init(total: Int? = nil, hasMore: Bool) {
        self.total = total
        self.hasMore = hasMore
    }

    /// The grid asks for more within two rows of the end; the pager within three photos.
    static let gridRowsAhead = 2
    static let pagerPhotosAhead = 3
}

/// Bytes of one photo's download so far, for the status line.
public struct DownloadStatus: Sendable, Hashable {
    public var photoID: String
    public var received: Int64
    /// 0 when the server did not say.
    public var total: Int64

    public init(photoID: String, received: Int64, total: Int64) {
        self.photoID = photoID
        self.received = received
        self.total = total
    }

    /// "↓ 45% of 266 kB", or "↓ 120 kB" when the size is unknown.
    var text: String {
        let kilobytes = { (bytes: Int64) in "\((bytes + 999) / 1000) kB" }
        guard total > 0 else { return "↓ " + kilobytes(received) }
        return "↓ \(min(100, received * 100 / total))% of " + kilobytes(total)
    }
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

extension AppState {
    /// Asks for the next page when the person is near the end of what is loaded.
    mutating func requestPageIfNearEnd() -> [Effect] {
        guard var status = feed, status.hasMore, !status.isLoading, !status.lastFailed else { return [] }
        let remaining = photos.count - 1 - currentIndex
        let near = mode == .grid
            ? remaining < FeedStatus.gridRowsAhead * max(1, grid.layout.columnCount)
            : remaining < FeedStatus.pagerPhotosAhead
        guard near else { return [] }
        status.isLoading = true
        feed = status
        return [.fetchNextPage]
    }

    /// New photos go at the end; ones already shown (a shifting feed repeats them) are dropped.
    mutating func append(_ arrival: FeedPageArrival) {
        var known = Set(photos.map(\.id))
        photos += arrival.photos.filter { known.insert($0.id).inserted }
        if var status = feed {
            status.isLoading = false
            status.lastFailed = false
            status.hasMore = arrival.hasMore
            status.total = arrival.total ?? status.total
            feed = status
        }
        if arrival.fromCache { notice = .message("offline: showing photos seen before") }
        if photos.isEmpty, !arrival.hasMore { notice = .message("no photos here: the feed is empty") }
    }

    mutating func pageFailed(_ reason: String) {
        feed?.isLoading = false
        feed?.lastFailed = true
        notice = .message(reason)
    }
}
