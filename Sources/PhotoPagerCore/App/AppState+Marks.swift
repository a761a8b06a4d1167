/// Marks: `m` on the photo being looked at, `M` on every photo loaded so far.
extension AppState {
    mutating func toggleMark() {
        guard let photo = currentPhoto else { return }
        picks.toggleMark(photo.id)
    }

    /// Each loaded photo's mark flips; the newly marked join the order in the photos' order.
    mutating func invertMarks() {
        for photo in photos { picks.toggleMark(photo.id) }
    }

    /// Indices into `photos` of what goes to stdout at exit, in order.
    public var exitSelection: [Int] {
        let index = Dictionary(photos.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return picks.chosen.compactMap { index[$0] }
    }

    public func isMarked(_ index: Int) -> Bool {
        photos.indices.contains(index) && picks.marked.contains(photos[index].id)
    }
}
