import PhotoPagerBase

/// `/`: the grid narrowed to the photos whose file name, photographer or description holds the
/// text typed (any case), as it is typed. Enter keeps the filter, Esc clears it. The photo
/// looked at stays selected when it survives; marks are by photo, so they survive too.
public struct PhotoFilter: Sendable, Hashable {
    public internal(set) var text = ""
    /// The prompt is open: keys type into it.
    public internal(set) var isEditing = true
    /// Every photo, while `AppState.photos` holds those that match.
    public internal(set) var all: [Photo]
    /// The photo selected before the text matched nothing, to select again when it matches.
    var anchor: String?
    /// A source that searches (an Unsplash feed): the text is a search, sent with Enter, not a
    /// filter of what is loaded.
    public internal(set) var isSearch = false

    /// Whether `photo` matches `text` (every photo matches an empty text).
    static func matches(_ photo: Photo, _ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        let wanted = text.lowercased()
        let fields = [PhotoSort.fileName(photo), photo.user.name, photo.user.username, photo.description, photo.altDescription]
        return fields.contains { $0?.lowercased().contains(wanted) == true }
    }
}

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
