import PhotoPagerBase

/// The feed pages on: the next page is asked for near the end, and what arrives is appended.
extension AppState {
    /// Asks for the next page when the person is near the end of what is loaded.
    mutating func requestPageIfNearEnd() -> [Effect] {
        guard remote.feed != nil else { return [] }
        let remaining = photos.count - 1 - currentIndex
        let near = mode == .grid
            ? remaining < FeedStatus.gridRowsAhead * max(1, grid.layout.columnCount)
            : remaining < FeedStatus.pagerPhotosAhead
        return remote.requestPage(nearEnd: near)
    }

    /// New photos go at the end; ones already shown (a shifting feed repeats them) are dropped.
    mutating func append(_ arrival: FeedPageArrival) {
        var known = Set(photos.map(\.id))
        photos += arrival.photos.filter { known.insert($0.id).inserted }
        remote.pageArrived(arrival)
        if arrival.fromCache { notice = .message("offline: showing photos seen before") }
        if photos.isEmpty, !arrival.hasMore { notice = .message("no photos here: the feed is empty") }
    }

    mutating func pageFailed(_ reason: String) {
        remote.pageFailed()
        notice = .message(reason)
    }
}
