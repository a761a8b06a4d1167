/// `--min-rating N` and `--rejected`: the photos kept by their stars, in the pager, in `list`
/// and in what the pager prints at exit. A photo nothing rates counts as unrated (0).
public struct RatingFilter: Sendable, Hashable {
    /// 0–5: at least this many stars (0: every photo but the rejected).
    public var minimum: Int?
    /// Only the rejected (to review them, or to trash them all).
    public var rejectedOnly: Bool

    public init(minimum: Int? = nil, rejectedOnly: Bool = false) {
        self.minimum = minimum
        self.rejectedOnly = rejectedOnly
    }

    public func admits(_ rating: Int?) -> Bool {
        let stars = rating ?? 0
        if rejectedOnly { return stars == -1 }
        return minimum.map { stars >= $0 } ?? true
    }

    /// What the status line and messages call it: "★4 or more", "rejected".
    public var label: String {
        rejectedOnly ? "rejected" : minimum.map { $0 == 0 ? "not rejected" : "★\($0) or more" } ?? "all"
    }
}
