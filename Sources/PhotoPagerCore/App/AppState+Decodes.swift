import PhotoPagerBase

/// Which decodes the screen needs, and keeping the shell's work in line with that.
extension AppState {
    /// The pager decodes ahead this many photos on each side, so a page turn, and the one right
    /// after it, find their photo decoded and encoded.
    static let pagerLookahead = 2

    /// Every decode the screen wants now, most urgent first, failed photos left out.
    /// Grid: the visible thumbnails, the selection first. Pager: the page, then +1, −1, +2, −2.
    var wantedDecodes: [Effect.DecodeRequest] {
        var requests: [Effect.DecodeRequest] = []
        switch mode {
        case .grid:
            let tiles = visibleGridTiles
            let ordered = tiles.filter { $0.index == grid.selectedIndex } + tiles.filter { $0.index != grid.selectedIndex }
            for tile in ordered {
                requests.append(request(tile.index, tile.fit.pixelSize, .visible))
            }
        case .pager:
            let current = pager.currentIndex
            var order = [current]
            for distance in 1...Self.pagerLookahead { order += [current + distance, current - distance] }
            for index in order {
                // Zoomed: the view, then what stands in while it decodes, then the whole photo.
                if index == current, let zoomed = zoomPlacement {
                    requests.append(Effect.DecodeRequest(content: zoomed.content, priority: .visible))
                    if let fallback = pager.zoomFallback, loadState(of: zoomed.content) != .ready {
                        requests.append(Effect.DecodeRequest(content: fallback.content, priority: .visible))
                    }
                }
                guard let fit = pageFit(forPhotoAt: index) else { continue }
                // Frame 0: the page plays when it turns out to be an animation.
                let content = fit.content(of: photos[index], frame: 0)
                requests.append(Effect.DecodeRequest(content: content, priority: index == current ? .visible : .prefetch))
                // Sent again sharp: what the link sent first stays on screen until then.
                if index == current, let first = pageStandIn(index, fit: fit) {
                    requests.append(Effect.DecodeRequest(content: first, priority: .visible))
                }
                // The strip's thumbnails once the page itself is asked for.
                if index == current {
                    for slot in filmstripSlots {
                        guard let index = slot.index, let fit = filmstripFit(slot) else { continue }
                        requests.append(request(index, fit.pixelSize, .visible))
                    }
                    // The thumbnails a page turn brings into the strip, ahead of time: decoding
                    // one at the turn took the cores from drawing the photo.
                    requests += filmstripNextThumbnails.map { request($0.index, $0.size, .prefetch) }
                }
            }
        }
        return requests.filter {
            images.loads.failures[$0.content.photoID] == nil && !list.headers.pending.contains($0.content.photoID)
                && $0.pixelSize.width > 0 && $0.pixelSize.height > 0
        }
    }

    /// A thumbnail: photo `index`, still, at `size`.
    private func request(_ index: Int, _ size: PixelSize, _ priority: Effect.Priority) -> Effect.DecodeRequest {
        var content = ImageContent(photoID: photos[index].id, pixelSize: size)
        content.orientation = photos[index].fileDetails?.orientation
        content.revision = photos[index].fileDetails?.revision ?? 0
        return Effect.DecodeRequest(content: content, priority: priority)
    }

    /// Requests what is wanted and not yet asked for; drops what is no longer wanted, and the
    /// frames of animations no longer wanted with it (the shell lets them go on `.cancelDecodes`).
    mutating func reconcileDecodes() -> [Effect] {
        let wanted = wantedDecodes
        let effects = images.loads.reconcile(wanted)
        if effects.contains(where: { if case .cancelDecodes = $0 { true } else { false } }) {
            images.animations.keep(only: Set(wanted.map(\.content)))
        }
        return effects
    }

    /// Everything the screen shows or will soon (the page and its neighbours, the visible
    /// thumbnails), ready or not: what a memory squeeze must not evict.
    public var wantedContents: [ImageContent] { wantedDecodes.map(\.content) }

    /// The pager's neighbours (+1, −1, +2, −2) at the size they will be shown: what a terminal
    /// that keeps images (kitty) can be sent ahead while the person looks at the photo.
    public var neighbourContents: [ImageContent] {
        guard mode == .pager else { return [] }
        return wantedDecodes.filter { $0.priority == .prefetch }.map(\.content)
    }

    /// Grid only: the rows just above and below the visible ones (their headers are read next).
    var rowsAroundScreen: [Int] {
        guard mode == .grid, let first = visibleGridTiles.first?.index, let last = visibleGridTiles.last?.index
        else { return [] }
        let columns = grid.layout.columnCount
        return Array(max(0, first - columns)..<first) + Array((last + 1)..<min(photos.count, last + 1 + columns))
    }

    /// A decode result; a photo arrived also ends its download's progress.
    mutating func apply(_ outcome: DecodeOutcome, for content: ImageContent) {
        images.loads.apply(outcome, for: content)
        if outcome == .decoded { list.remote.arrived(content.photoID) }
    }

    /// Turns the spinner only while a photo on screen is still loading, so an idle screen is not
    /// redrawn ten times a second.
    mutating func advanceSpinner() {
        let waiting = wantedDecodes.contains { $0.priority == .visible && loadState(of: $0.content) != .ready }
        if waiting { images.loads.turnSpinner() }
    }
}
