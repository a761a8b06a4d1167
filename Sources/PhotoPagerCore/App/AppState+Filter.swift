import PhotoPagerBase

/// `/` in the app: the prompt, the filter as it is typed, Enter keeping it or starting a search
/// of a source that searches, Esc clearing it.
extension AppState {
    /// `/`: the prompt opens (on the filter in force, if any).
    mutating func startFilter() {
        if list.filter == nil { list.filter = PhotoFilter(all: photos, isSearch: list.remote.feed?.capabilities.contains(.search) == true) }
        list.filter?.isEditing = true
    }

    mutating func typeIntoFilter(_ character: Character) {
        guard let filter = list.filter, filter.isEditing, !character.isNewline else { return }
        refilter(filter.text + String(character))
    }

    mutating func deleteFromFilter() {
        guard let filter = list.filter, !filter.text.isEmpty else { return }
        refilter(String(filter.text.dropLast()))
    }

    /// Enter: the filter stays (an empty one goes); with a feed, the search starts.
    mutating func keepFilter() -> [Effect] {
        if let filter = list.filter, filter.isSearch {
            list.filter = nil
            let query = filter.text.trimmingWhitespace
            return query.isEmpty ? [] : startSearch(query)
        }
        if list.filter?.text.isEmpty == true { clearFilter() } else { list.filter?.isEditing = false }
        return []
    }

    /// A new search feed in place of the one browsed: the list starts empty and pages in.
    private mutating func startSearch(_ query: String) -> [Effect] {
        list.startSearch(query)
        pager.isOpen = false
        pager.isFullscreen = false
        syncGeometry()
        return [.startSearch(query)]
    }

    /// Esc: every photo again, the one looked at still selected.
    mutating func clearFilter() {
        guard let all = list.filter?.all else { return }
        if list.filter?.isSearch == true { list.filter = nil; return }     // nothing was filtered
        let current = currentPhoto?.id ?? list.filter?.anchor
        list.filter = nil
        show(all, keeping: current)
    }

    private mutating func refilter(_ text: String) {
        guard let all = list.filter?.all else { return }
        list.filter?.text = text
        guard list.filter?.isSearch == false else { return }          // a search waits for Enter
        show(all.filter { PhotoFilter.matches($0, text) }, keeping: currentPhoto?.id ?? list.filter?.anchor)
    }

    /// `shown` becomes the photo list, the selection kept on `current` when it is there.
    private mutating func show(_ shown: [Photo], keeping current: String?) {
        list.filter?.anchor = current
        list.photos = shown
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
