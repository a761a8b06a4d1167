import PhotoPagerCore

/// Which photo contents the kitty terminal already holds, under which image id.
///
/// Why: the kitty protocol lets a client transmit pixels once and place them again by id, which
/// makes revisiting a photo free — but the terminal keeps every transmitted image until told to
/// forget it, so the set is bounded: the least recently used ids are evicted (and must then be
/// deleted with `a=d,d=I`, which is the caller's job with the ids returned here).
struct KittyImageRegistry: Sendable {
    private struct Entry: Sendable {
        var id: UInt32
        var lastUse: UInt64
    }

    let capacity: Int
    private var entries: [ImageContent: Entry] = [:]
    private var nextID: UInt32
    private let firstID: UInt32
    /// Advanced once per frame: entries used in the current frame are never evicted.
    private var clock: UInt64 = 1

    init(capacity: Int, firstID: UInt32) {
        self.capacity = max(1, capacity)
        self.firstID = max(1, firstID)
        nextID = self.firstID
    }

    var ids: [UInt32] { entries.values.map(\.id).sorted() }
    var isEmpty: Bool { entries.isEmpty }

    mutating func beginFrame() { clock += 1 }

    /// Whether the terminal holds `content`, without marking it used.
    func holds(_ content: ImageContent) -> Bool { entries[content] != nil }

    /// The id for `content` if the terminal has it, marking it used in this frame.
    mutating func use(_ content: ImageContent) -> UInt32? {
        guard var entry = entries[content] else { return nil }
        entry.lastUse = clock
        entries[content] = entry
        return entry.id
    }

    /// A new id for `content`, and the ids evicted to stay within ``capacity``. Entries used in this
    /// frame are kept even beyond capacity: they are on screen.
    mutating func register(_ content: ImageContent) -> (id: UInt32, evicted: [UInt32]) {
        var evicted: [UInt32] = []
        while entries.count >= capacity {
            guard let oldest = entries.filter({ $0.value.lastUse < clock }).min(by: { $0.value.lastUse < $1.value.lastUse })
            else { break }
            evicted.append(oldest.value.id)
            entries[oldest.key] = nil
        }
        let id = nextID
        // Ids are 32-bit and 0 means "none"; wrapping after four billion images is academic,
        // but it must not produce 0.
        nextID = nextID == UInt32.max ? firstID : nextID + 1
        entries[content] = Entry(id: id, lastUse: clock)
        return (id, evicted)
    }

    /// Forgets everything, returning the ids the terminal should delete.
    mutating func removeAll() -> [UInt32] {
        let all = ids
        entries = [:]
        return all
    }
}
