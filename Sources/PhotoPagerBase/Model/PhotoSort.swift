/// `--sort name|date|random`, `--reverse`, `--seed N`: the order photos are shown and listed in.
/// - name: the file's name (not its folder), in natural order ("2.jpg" before "10.jpg");
/// - date: when it was taken (EXIF `DateTimeOriginal`), else the file's mtime; undated last;
/// - random: shuffled by `seed`, so the same seed gives the same order;
/// - rating: the most stars first, then the unrated, the rejected last.
/// Ties keep the order the photos came in.
public struct PhotoSort: Sendable, Hashable {
    public enum Key: String, Sendable, CaseIterable {
        case name, date, random, rating
    }

    /// nil: the order the photos came in (`--reverse` alone turns it round).
    public var key: Key?
    public var reverse: Bool
    public var seed: UInt64

    public init(key: Key?, reverse: Bool = false, seed: UInt64 = 0) {
        self.key = key
        self.reverse = reverse
        self.seed = seed
    }

    /// The date needs every photo's header: a big folder listed lazily sorts once they are read.
    /// So does the rating: a photo may carry its stars inside (embedded XMP, EXIF).
    public var needsHeaders: Bool { key == .date || key == .rating }

    /// The photos' indices in the new order.
    public func order(_ photos: [Photo]) -> [Int] {
        var indices = Array(photos.indices)
        switch key {
        case nil:
            break
        case .name:
            let names = photos.map(Self.fileName)
            indices.sort { a, b in
                let order = NaturalOrder.compare(names[a], names[b])
                return order != 0 ? order < 0 : a < b
            }
        case .date:
            let dates = photos.map(\.createdAt)
            indices.sort { a, b in
                switch (dates[a], dates[b]) {
                case let (x?, y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a < b
                }
            }
        case .rating:
            // Stars high to low; the unrated (0, or nothing said) next; the rejected (-1) last.
            let ratings = photos.map { $0.rating ?? 0 }
            indices.sort { a, b in ratings[a] != ratings[b] ? ratings[a] > ratings[b] : a < b }
        case .random:
            var generator = SplitMix(seed)
            for i in indices.indices.reversed() where i > 0 {
                indices.swapAt(i, Int(generator.next() % UInt64(i + 1)))
            }
        }
        return reverse ? indices.reversed() : indices
    }

    /// The last component of the photo's file URI (or URL), else its id.
    public static func fileName(_ photo: Photo) -> String {
        // A library's own name for its file (Immich's originalFileName), else the link's.
        if let name = photo.fileName { return name }
        guard let uri = photo.urls.raw ?? photo.links?.html, let slash = uri.lastIndex(of: "/") else { return photo.id }
        let name = uri[uri.index(after: slash)...].prefix { $0 != "?" && $0 != "#" }
        return String(name).percentDecoded ?? String(name)
    }

    /// SplitMix64: small, fast, and the same everywhere for a seed.
    struct SplitMix {
        private var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
