import PhotoPagerBase

/// `--sort`: applied at once when the photos' fields are known, else (a date sort of a big
/// folder listed lazily) once every header is read — meanwhile the status line says "sorting N
/// photos…" and the folder order shows. Either way the photo being looked at stays selected.
extension AppState {
    /// At start: sorted now when it can be (the first photo of the new order selected), else
    /// once the headers are in.
    mutating func sortNowOrWhenRead(_ sort: PhotoSort) {
        if sort.needsHeaders && !headers.pending.isEmpty {
            pendingSort = sort
        } else {
            apply(sort, keepingSelection: false)
        }
    }

    /// After headers arrived: the pending sort, if they are all in now.
    mutating func finishSortIfRead() {
        guard let sort = pendingSort, headers.pending.isEmpty else { return }
        pendingSort = nil
        apply(sort, keepingSelection: true)
    }

    /// Reorders the photos (and, under a filter, the full list it narrows). `keepingSelection`:
    /// the photo looked at stays selected; else the first of the new order is.
    private mutating func apply(_ sort: PhotoSort, keepingSelection: Bool) {
        let current = keepingSelection ? currentPhoto?.id : nil
        if var filter {
            filter.all = sort.order(filter.all).map { filter.all[$0] }
            self.filter = filter
            photos = filter.isSearch ? filter.all : filter.all.filter { PhotoFilter.matches($0, filter.text) }
        } else {
            photos = sort.order(photos).map { photos[$0] }
        }
        guard !photos.isEmpty else { return }
        let index = current.flatMap { id in photos.firstIndex { $0.id == id } } ?? 0
        let showsPager = mode == .pager
        withControllers { grid, pager in
            pager.scrollToPhoto(at: index)
            if !showsPager { grid.select(index) }
        }
    }
}
