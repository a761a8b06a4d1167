import PhotoPagerBase

/// `/` in the app: the prompt, the filter as it is typed, Enter keeping it or starting a search
/// of a source that searches, Esc clearing it.
extension AppState {
    /// Every photo, filtered or not.
    public var allPhotos: [Photo] { filter?.all ?? photos }

    /// `/`: the prompt opens (on the filter in force, if any).
    mutating func startFilter() {
        if filter == nil { filter = PhotoFilter(all: photos, isSearch: remote.feed?.capabilities.contains(.search) == true) }
        filter?.isEditing = true
    }

    mutating func typeIntoFilter(_ character: Character) {
        guard let filter, filter.isEditing, !character.isNewline else { return }
        refilter(filter.text + String(character))
    }

    mutating func deleteFromFilter() {
        guard let filter, !filter.text.isEmpty else { return }
        refilter(String(filter.text.dropLast()))
    }

    /// Enter: the filter stays (an empty one goes); with a feed, the search starts.
    mutating func keepFilter() -> [Effect] {
        if let filter, filter.isSearch {
            self.filter = nil
            let query = filter.text.trimmingWhitespace
            return query.isEmpty ? [] : startSearch(query)
        }
        if filter?.text.isEmpty == true { clearFilter() } else { filter?.isEditing = false }
        return []
    }

    /// A new search feed in place of the one browsed: the list starts empty and pages in.
    private mutating func startSearch(_ query: String) -> [Effect] {
        photos = []
        headers.forgetAll()
        remote.startOver()
        sourceName = (remote.feed?.service ?? "") + " · “\(TerminalText.sanitized(query))”"
        mode = .grid
        pager.isFullscreen = false
        syncGeometry()
        return [.startSearch(query)]
    }

    /// Esc: every photo again, the one looked at still selected.
    mutating func clearFilter() {
        guard let all = filter?.all else { return }
        if filter?.isSearch == true { filter = nil; return }     // nothing was filtered
        let current = currentPhoto?.id ?? filter?.anchor
        filter = nil
        show(all, keeping: current)
    }

    private mutating func refilter(_ text: String) {
        guard let all = filter?.all else { return }
        filter?.text = text
        guard filter?.isSearch == false else { return }          // a search waits for Enter
        show(all.filter { PhotoFilter.matches($0, text) }, keeping: currentPhoto?.id ?? filter?.anchor)
    }

    /// `shown` becomes the photo list, the selection kept on `current` when it is there.
    private mutating func show(_ shown: [Photo], keeping current: String?) {
        filter?.anchor = current
        photos = shown
        syncGeometry()
        let index = current.flatMap { id in photos.firstIndex { $0.id == id } } ?? 0
        guard !photos.isEmpty else { return }
        let showsPager = mode == .pager
        withControllers { grid, pager in
            pager.scrollToPhoto(at: index)
            if !showsPager { grid.select(index) }
        }
    }
}
