import PhotoPagerBase

/// A remote source's side of the app: where its feed stands (nil for local photos), the API
/// calls left, the download ping sent for each photo, and the download of the photo looked at.
public struct RemoteState: Sendable, Hashable {
    /// A feed that pages on as the person nears the end; nil for local photos.
    public internal(set) var feed: FeedStatus?
    /// `X-Ratelimit-Remaining`, shown when it runs low.
    public internal(set) var rateRemaining: Int?
    /// The download of the photo being looked at, while it arrives.
    public internal(set) var download: DownloadStatus?
    /// Photos whose download ping was sent (once per photo per run).
    private var downloadsTracked: Set<String> = []

    init(feed: FeedStatus?) {
        self.feed = feed
    }

    /// Asks for the next page when the person is `nearEnd` of what is loaded: never a second
    /// request while one is out, none after a failure until the person moves, none past the end.
    mutating func requestPage(nearEnd: Bool) -> [Effect] {
        guard nearEnd, var status = feed, status.hasMore, !status.isLoading, !status.lastFailed else { return [] }
        status.isLoading = true
        feed = status
        return [.fetchNextPage]
    }

    /// A page arrived: the feed's counts as the API gave them.
    mutating func pageArrived(_ arrival: FeedPageArrival) {
        guard var status = feed else { return }
        status.isLoading = false
        status.lastFailed = false
        status.hasMore = arrival.hasMore
        status.total = arrival.total ?? status.total
        feed = status
    }

    mutating func pageFailed() {
        feed?.isLoading = false
        feed?.lastFailed = true
    }

    /// The person moved: a failed page is tried again.
    mutating func retryAfterMove() {
        feed?.lastFailed = false
    }

    /// A search: a new feed in place of the one browsed, from its first page.
    mutating func startOver() {
        feed = feed?.startingOver
    }

    /// Unsplash's guidelines: choosing a photo pings its download_location, once per photo.
    mutating func trackDownload(of photo: Photo) -> [Effect] {
        guard photo.isFromUnsplash, photo.links?.downloadLocation != nil, downloadsTracked.insert(photo.id).inserted
        else { return [] }
        return [.trackDownload(photo)]
    }

    /// Photo `photoID` is decoded: its download, if it was the one shown, is over.
    mutating func arrived(_ photoID: String) {
        if download?.photoID == photoID { download = nil }
    }
}
