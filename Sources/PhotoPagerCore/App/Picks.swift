import PhotoPagerBase

/// What goes to stdout at exit: each photo shared (`s`) or still marked (`m`), once, in the
/// order it was first chosen — fzf's habit, so `photopager DIR --print path | xargs …` works.
public struct Picks: Sendable, Hashable {
    /// Photo ids, in the order first shared or marked.
    public private(set) var order: [String] = []
    public private(set) var shared: Set<String> = []
    public private(set) var marked: Set<String> = []
    /// Each chosen photo, kept here: a new search replaces the photo list, not what was picked.
    public private(set) var photos: [String: Photo] = [:]

    public init() {}

    public mutating func share(_ photo: Photo) {
        photos[photo.id] = photo
        choose(photo.id)
        shared.insert(photo.id)
    }

    /// Marks an unmarked photo, unmarks a marked one.
    public mutating func toggleMark(_ photo: Photo) {
        photos[photo.id] = photo
        if marked.remove(photo.id) == nil {
            choose(photo.id)
            marked.insert(photo.id)
        }
    }

    /// A photo no longer marked (it went to the trash).
    public mutating func unmark(_ id: String) {
        marked.remove(id)
    }

    private mutating func choose(_ id: String) {
        if !shared.contains(id) && !marked.contains(id) && !order.contains(id) { order.append(id) }
    }

    /// The ids to print at exit, in order: shared, or marked now.
    public var chosen: [String] {
        order.filter { shared.contains($0) || marked.contains($0) }
    }
}
