import PhotoPagerBase

/// The feed pages on: the next page is asked for near the end, and what arrives is appended.
extension AppState {
    /// Asks for the next page when the person is near the end of what is loaded.
    mutating func requestPageIfNearEnd() -> [Effect] {
        guard list.remote.feed != nil else { return [] }
        let remaining = photos.count - 1 - currentIndex
        let near = mode == .grid
            ? remaining < FeedStatus.gridRowsAhead * max(1, grid.layout.columnCount)
            : remaining < FeedStatus.pagerPhotosAhead
        return list.remote.requestPage(nearEnd: near)
    }

    /// A page arrived: appended, and the status line says when it came from the cache or the
    /// feed is empty.
    mutating func append(_ arrival: FeedPageArrival) {
        list.append(arrival)
        if arrival.fromCache { chrome.notice = .message("offline: showing photos seen before") }
        if photos.isEmpty, !arrival.hasMore { chrome.notice = .message("no photos here: the feed is empty") }
    }

    mutating func pageFailed(_ reason: String) {
        list.remote.pageFailed()
        chrome.notice = .message(reason)
    }
}
