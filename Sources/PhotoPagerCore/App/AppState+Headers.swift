import PhotoPagerBase

/// Headers as the screen needs them, and what arrives merged into the photos.
extension AppState {
    /// Photos on screen now (grid tiles, or the page and its neighbours) whose header is still
    /// unread, most urgent first.
    var wantedHeaders: [String] {
        guard !list.headers.pending.isEmpty else { return [] }
        var indices: [Int]
        switch mode {
        case .grid:
            // The visible tiles, then the rows just off screen.
            indices = visibleGridTiles.map(\.index) + rowsAroundScreen
        case .pager:
            let current = pager.currentIndex
            indices = [current]
            for distance in 1 ... Self.pagerLookahead { indices += [current + distance, current - distance] }
        }
        return indices.filter { photos.indices.contains($0) }.map { photos[$0].id }.filter { list.headers.pending.contains($0) }
    }

    /// Tells the shell which headers are wanted first, when that changed.
    mutating func reconcileHeaders() -> [Effect] {
        list.headers.ask(wantedHeaders)
    }

    /// Headers that arrived: each photo takes the listing's fields (size, date, camera); a
    /// failed one shows its error tile.
    mutating func applyHeaders(_ read: [Photo], failed: [String: String]) {
        guard !read.isEmpty || !failed.isEmpty else { return }
        for (id, reason) in list.applyHeaders(read, failed: failed) {
            images.loads.failed(id, reason: reason)
        }
    }
}
