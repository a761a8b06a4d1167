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
        let chosen = session.picks.chosen.compactMap { id in latest(id) ?? session.picks.photos[id] }
        guard let rated = session.printsRated else { return chosen }
        let picked = Set(chosen.map(\.id))
        return chosen + (list.filter?.all ?? photos).filter { !picked.contains($0.id) && rated.admits($0.rating) }
    }

    public func isMarked(_ index: Int) -> Bool {
        photos.indices.contains(index) && session.picks.marked.contains(photos[index].id)
    }
}
