import PhotoPagerBase

/// Marks: `m` on the photo being looked at, `M` on every photo loaded so far.
extension AppState {
    mutating func toggleMark() {
        guard let photo = currentPhoto else { return }
        session.picks.toggleMark(photo)
    }

    /// Each loaded photo's mark flips (those shown, while a filter is on); the newly marked
    /// join the order in the photos' order.
    mutating func invertMarks() {
        for photo in photos { session.picks.toggleMark(photo) }
    }

    /// What goes to stdout at exit, in order: filtered out or searched away, or not.
    public var exitSelection: [Photo] {
        session.picks.chosen.compactMap { session.picks.photos[$0] }
    }

    public func isMarked(_ index: Int) -> Bool {
        photos.indices.contains(index) && session.picks.marked.contains(photos[index].id)
    }
}
