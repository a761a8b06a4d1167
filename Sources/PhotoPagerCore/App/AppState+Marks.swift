/// Marks: `m` on the photo being looked at, `M` on every photo loaded so far.
extension AppState {
    mutating func toggleMark() {
        guard let photo = currentPhoto else { return }
        picks.toggleMark(photo.id)
    }

    /// Each loaded photo's mark flips (those shown, while a filter is on); the newly marked
    /// join the order in the photos' order.
    mutating func invertMarks() {
        for photo in photos { picks.toggleMark(photo.id) }
    }

    /// What goes to stdout at exit, in order: filtered out or not.
    public var exitSelection: [Photo] {
        let byID = Dictionary(allPhotos.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return picks.chosen.compactMap { byID[$0] }
    }

    public func isMarked(_ index: Int) -> Bool {
        photos.indices.contains(index) && picks.marked.contains(photos[index].id)
    }
}
