import PhotoPagerBase

/// Which photo contents the kitty terminal already holds, under which image id.
///
/// Why: the kitty protocol lets a client transmit pixels once and place them again by id, which
/// makes revisiting a photo free — but the terminal keeps every transmitted image until told to
/// forget it, so the set is bounded: the least recently used ids are evicted (and must then be
/// deleted with `a=d,d=I`, which is the caller's job with the ids returned here). It is bounded
/// in count and in the pixel memory the terminal spends (kitty keeps 320 MB of image data per
/// screen and silently drops images past that, unplaced ones first: exactly those sent ahead,
/// whose later placement would then show nothing), so we stay well under that quota.
struct KittyImageRegistry: Sendable {
    private struct Entry: Sendable {
        var id: UInt32
        var lastUse: UInt64
        var bytes: Int
    }

    let capacity: Int
    /// The terminal's memory for our images, at 4 bytes a pixel (kitty stores RGBA).
    let byteBudget: Int
    private var storedBytes = 0
    private var entries: [ImageContent: Entry] = [:]
    private var nextID: UInt32
    private let firstID: UInt32
    /// Advanced on every use, for least-recently-used order.
    private var clock: UInt64 = 1
    /// What the current frame shows: never evicted.
    private var shownThisFrame: Set<ImageContent> = []

    /// 200 MB: under kitty's 320 MB quota with room for what other programs in the window keep.
    static let defaultByteBudget = 200 << 20

    init(capacity: Int, firstID: UInt32, byteBudget: Int = defaultByteBudget) {
        self.capacity = max(1, capacity)
        self.byteBudget = max(1, byteBudget)
        self.firstID = max(1, firstID)
        nextID = self.firstID
    }

    var ids: [UInt32] { entries.values.map(\.id).sorted() }
    var isEmpty: Bool { entries.isEmpty }

    mutating func beginFrame() { shownThisFrame.removeAll(keepingCapacity: true) }

    /// Whether `content` fits without evicting what is on screen or in `kept` (the other
    /// images sent ahead): sending ahead must not push out what it sent a moment ago, or an
    /// idle pager on a huge screen would send the same neighbours round and round.
    func fits(_ content: ImageContent, keeping kept: Set<ImageContent>) -> Bool {
        let pinned = entries.filter { shownThisFrame.contains($0.key) || kept.contains($0.key) }
        return pinned.count < capacity && pinned.values.reduce(0, { $0 + $1.bytes }) + Self.bytes(of: content) <= byteBudget
    }

    static func bytes(of content: ImageContent) -> Int {
        max(1, content.pixelSize.width) * max(1, content.pixelSize.height) * 4
    }

    /// Whether the terminal holds `content`, without marking it used.
    func holds(_ content: ImageContent) -> Bool { entries[content] != nil }

    /// The id the terminal holds `content` under, without marking it used.
    func id(of content: ImageContent) -> UInt32? { entries[content]?.id }

    /// The id for `content` if the terminal has it, marking it used in this frame.
    mutating func use(_ content: ImageContent) -> UInt32? {
        guard var entry = entries[content] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[content] = entry
        shownThisFrame.insert(content)
        return entry.id
    }

    /// A new id for `content`, and the ids evicted to stay within ``capacity`` and the byte
    /// budget. What the current frame shows is kept even beyond them: it is on screen. `shown`:
    /// false for an image sent ahead (not placed), which may itself be evicted by the next one.
    mutating func register(_ content: ImageContent, shown: Bool = true,
                           keeping kept: Set<ImageContent> = []) -> (id: UInt32, evicted: [UInt32]) {
        var evicted: [UInt32] = []
        let bytes = Self.bytes(of: content)
        while entries.count >= capacity || (storedBytes + bytes > byteBudget && !entries.isEmpty) {
            guard let oldest = entries.filter({ !shownThisFrame.contains($0.key) && !kept.contains($0.key) })
                .min(by: { $0.value.lastUse < $1.value.lastUse })
            else { break }
            evicted.append(oldest.value.id)
            storedBytes -= oldest.value.bytes
            entries[oldest.key] = nil
        }
        let id = nextID
        // Ids are 32-bit and 0 means "none"; wrapping after four billion images is academic,
        // but it must not produce 0.
        nextID = nextID == UInt32.max ? firstID : nextID + 1
        clock += 1
        entries[content] = Entry(id: id, lastUse: clock, bytes: bytes)
        storedBytes += bytes
        if shown { shownThisFrame.insert(content) }
        return (id, evicted)
    }

    /// The terminal no longer has image `id` (it said ENOENT): forget it, so the next frame
    /// that shows its content sends it again. Returns whether it was ours.
    @discardableResult
    mutating func forget(id: UInt32) -> Bool {
        guard let (content, entry) = entries.first(where: { $0.value.id == id }) else { return false }
        entries[content] = nil
        storedBytes -= entry.bytes
        shownThisFrame.remove(content)
        return true
    }

    /// Forgets everything, returning the ids the terminal should delete.
    mutating func removeAll() -> [UInt32] {
        let all = ids
        entries = [:]
        storedBytes = 0
        shownThisFrame = []
        return all
    }
}
