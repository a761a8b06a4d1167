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
        if list.filter?.text.isEmpty == true, list.filter?.hidesRejected == false { clearFilter() } else { list.filter?.isEditing = false }
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
        if list.filter?.hidesRejected == true {
            // The text goes; the rejected stay hidden until `X`.
            list.filter?.text = ""
            list.filter?.isEditing = false
            refreshFilter()
            return
        }
        list.filter = nil
        show(all, keeping: current)
    }

    private mutating func refilter(_ text: String) {
        guard let all = list.filter?.all else { return }
        list.filter?.text = text
        guard let filter = list.filter, !filter.isSearch else { return }          // a search waits for Enter
        show(all.filter(filter.matches), keeping: currentPhoto?.id ?? list.filter?.anchor)
    }

    /// The filter applied again after a photo changed (a rating) or `X`: a photo that no
    /// longer matches leaves, and the one after it (else before) takes its place, as when
    /// culling a photo away; without anything hidden the filter goes.
    mutating func refreshFilter() {
        guard let filter = list.filter, !filter.isSearch else { return }
        if filter.text.isEmpty, !filter.hidesRejected, !filter.isEditing {
            list.filter = nil
            show(filter.all, keeping: currentPhoto?.id)
            return
        }
        let shown = filter.all.filter(filter.matches)
        guard shown.map(\.id) != photos.map(\.id) else { return }
        let index = currentIndex, current = currentPhoto?.id
        var keeping = current.flatMap { id in shown.contains { $0.id == id } ? id : nil }
        if keeping == nil, !photos.isEmpty {
            // The next photo that stays, else the one before.
            let after = photos[min(index, photos.count - 1)...].dropFirst().first { photo in shown.contains { $0.id == photo.id } }
            let before = photos[..<min(index, photos.count)].last { photo in shown.contains { $0.id == photo.id } }
            keeping = (after ?? before)?.id
        }
        show(shown, keeping: keeping)
    }

    /// `shown` becomes the photo list, the selection kept on `current` when it is there.
    mutating func show(_ shown: [Photo], keeping current: String?) {
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
