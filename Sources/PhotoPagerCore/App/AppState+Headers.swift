import PhotoPagerBase

/// Headers as the screen needs them, and what arrives merged into the photos.
extension AppState {
    /// Photos on screen now (grid tiles, or the page and its neighbours) whose header is still
    /// unread, most urgent first.
    var wantedHeaders: [String] {
        guard !headers.pending.isEmpty else { return [] }
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
        return indices.filter { photos.indices.contains($0) }.map { photos[$0].id }.filter { headers.pending.contains($0) }
    }

    /// Tells the shell which headers are wanted first, when that changed.
    mutating func reconcileHeaders() -> [Effect] {
        headers.ask(wantedHeaders)
    }

    /// Headers that arrived: each photo takes the listing's fields (size, date, camera); a
    /// failed one shows its error tile.
    mutating func applyHeaders(_ read: [Photo], failed: [String: String]) {
        guard !read.isEmpty || !failed.isEmpty else { return }
        // Every place of an id: a photo named twice (a folder and a file in it) is listed twice.
        var positions: [String: [Int]] = [:]
        for (index, photo) in photos.enumerated() where headers.pending.contains(photo.id) { positions[photo.id, default: []].append(index) }
        for photo in read {
            for index in positions[photo.id] ?? [] { photos[index] = photo.keepingFiles(of: photos[index]) }
            headers.arrived(photo.id)                 // filtered out of `photos`, maybe
        }
        // While a filter is on, the full list learns them too.
        if var all = filter?.all {
            let arrived = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for index in all.indices { if let photo = arrived[all[index].id] { all[index] = photo.keepingFiles(of: all[index]) } }
            filter?.all = all
        }
        for (id, reason) in failed where headers.arrived(id) {
            loads.failed(id, reason: reason)
        }
    }
}
