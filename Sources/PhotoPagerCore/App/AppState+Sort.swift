/// `--sort`: applied at once when the photos' fields are known, else (a date sort of a big
/// folder listed lazily) once every header is read — meanwhile the status line says "sorting N
/// photos…" and the folder order shows. Either way the photo being looked at stays selected.
extension AppState {
    mutating func sortNowOrWhenRead(_ sort: PhotoSort) {
        if sort.needsHeaders && !headersPending.isEmpty {
            pendingSort = sort
        } else {
            apply(sort)
        }
    }

    /// After headers arrived: the pending sort, if they are all in now.
    mutating func finishSortIfRead() {
        guard let sort = pendingSort, headersPending.isEmpty else { return }
        pendingSort = nil
        apply(sort)
    }

    private mutating func apply(_ sort: PhotoSort) {
        let current = currentPhoto?.id
        let order = sort.order(photos)
        photos = order.map { photos[$0] }
        guard let current, let index = photos.firstIndex(where: { $0.id == current }) else { return }
        let showsPager = mode == .pager
        withControllers { grid, pager in
            pager.scrollToPhoto(at: index)
            if !showsPager { grid.select(index) }
        }
    }
}
