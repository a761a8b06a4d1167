import PhotoPagerBase

/// Big folders open before every file's header is read: such photos start with their size
/// unknown, show a placeholder, and are asked for in the order the screen needs them; once a
/// header arrives the photo gets its size, date and camera, and its image is requested like
/// any other.
public struct HeaderReads: Sendable, Hashable {
    /// Photos whose file header is not read yet: no decode is asked for them until it arrives.
    public internal(set) var pending: Set<String>
    /// The last `.readHeaders` list sent, so the same one is not repeated every event.
    private var asked: [String] = []
    /// Where each pending photo is in the list (a photo listed twice, in `listedAgain`), so a
    /// header that arrives finds its photo at once: looking through 100,000 photos for every
    /// few headers that arrive was most of the time a big folder spent after opening. Built when
    /// first needed and again after the list changed order (`listChanged`).
    private var positions: [String: Int] = [:]
    private var listedAgain: [String: [Int]] = [:]
    private var positionsKnown = false

    init(pending: Set<String>) {
        self.pending = pending
    }

    /// Tells the shell which headers are wanted first (`wanted`, most urgent first), when that
    /// changed.
    mutating func ask(_ wanted: [String]) -> [Effect] {
        guard wanted != asked else { return [] }
        asked = wanted
        return wanted.isEmpty ? [] : [.readHeaders(wanted)]
    }

    /// Photos listed by name after the others: their headers are awaited too.
    mutating func listed(_ ids: [String]) {
        pending.formUnion(ids)
    }

    /// The header of `id` arrived or failed; whether it was pending.
    @discardableResult
    mutating func arrived(_ id: String) -> Bool {
        guard pending.remove(id) != nil else { return false }
        if positionsKnown { positions[id] = nil; listedAgain[id] = nil }
        return true
    }

    /// Every header stops being waited for (the photos were listed again).
    mutating func forgetAll() {
        pending = []
        listChanged()
    }

    /// The list was reordered, narrowed or grown: positions are looked up again when needed.
    mutating func listChanged() {
        guard positionsKnown else { return }
        positions = [:]
        listedAgain = [:]
        positionsKnown = false
    }

    /// Where the pending photo `id` is in `photos` (every place, for a photo listed twice).
    mutating func places(of id: String, in photos: [Photo]) -> [Int] {
        guard pending.contains(id) else { return [] }
        if !positionsKnown {
            for (index, photo) in photos.enumerated() where pending.contains(photo.id) {
                if let first = positions.updateValue(index, forKey: photo.id) {
                    positions[photo.id] = first
                    listedAgain[photo.id, default: []].append(index)
                }
            }
            positionsKnown = true
        }
        guard let first = positions[id] else { return [] }
        return [first] + (listedAgain[id] ?? [])
    }
}
