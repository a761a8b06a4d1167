import PhotoPagerBase

/// `--sort`: applied at once when the photos' fields are known, else (a date sort of a big
/// folder listed lazily) once every header is read — meanwhile the status line says "sorting N
/// photos…" and the folder order shows. Either way the photo being looked at stays selected.
extension AppState {
    /// At start: sorted now when it can be (the first photo of the new order selected), else
    /// once the headers are in.
    mutating func sortNowOrWhenRead(_ sort: PhotoSort) {
        if sort.needsHeaders && !list.headers.pending.isEmpty {
            list.pendingSort = sort
        } else {
            apply(sort, keepingSelection: false)
        }
    }

    /// After headers arrived: the pending sort, if they are all in now.
    mutating func finishSortIfRead() {
        guard let sort = list.pendingSort, list.headers.pending.isEmpty else { return }
        list.pendingSort = nil
        apply(sort, keepingSelection: true)
    }

    /// Reorders the photos (and, under a filter, the full list it narrows). `keepingSelection`:
    /// the photo looked at stays selected; else the first of the new order is.
    private mutating func apply(_ sort: PhotoSort, keepingSelection: Bool) {
        let current = keepingSelection ? currentPhoto?.id : nil
        list.reorder(by: sort)
        guard !photos.isEmpty else { return }
        let index = current.flatMap { id in photos.firstIndex { $0.id == id } } ?? 0
        let showsPager = mode == .pager
        withControllers { grid, pager in
            pager.scrollToPhoto(at: index)
            if !showsPager { grid.select(index) }
        }
    }
}
