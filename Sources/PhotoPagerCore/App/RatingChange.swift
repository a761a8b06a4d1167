import PhotoPagerBase

/// One photo's stars changed by a key: the photo as it was (its files and sidecars say where
/// the change goes), the rating it gets (-1 rejected, 0 cleared, 1–5) and the one it had.
public struct RatingChange: Sendable, Hashable {
    public let photo: Photo
    public let rating: Int
    public let previous: Int?

    public init(photo: Photo, rating: Int, previous: Int?) {
        self.photo = photo
        self.rating = rating
        self.previous = previous
    }

    /// The change that takes this one back.
    func undone(on photo: Photo) -> RatingChange {
        RatingChange(photo: photo, rating: previous ?? 0, previous: rating)
    }
}

/// One photo turned by `r`/`R`: the photo as it was, the orientation it gets (absolute, as
/// `tiff:Orientation` is) and the sidecar's before (nil: none turned it).
public struct TurnChange: Sendable, Hashable {
    public let photo: Photo
    public let orientation: Int
    public let previous: Int?

    public init(photo: Photo, orientation: Int, previous: Int?) {
        self.photo = photo
        self.orientation = orientation
        self.previous = previous
    }
}

/// `u`: what this session changed, latest last, taken back one step at a time.
public struct UndoHistory: Sendable, Hashable {
    public enum Step: Sendable, Hashable {
        case ratings([RatingChange])
        /// Photos moved to the trash, each with where it was in the full list.
        case trash([TrashedPhoto])
        case turns([TurnChange])
    }

    public private(set) var steps: [Step] = []
    /// Steps kept: enough for a long culling session, never unbounded.
    static let depth = 200

    mutating func push(_ step: Step) {
        steps.append(step)
        if steps.count > Self.depth { steps.removeFirst(steps.count - Self.depth) }
    }

    mutating func pop() -> Step? { steps.popLast() }

    /// Takes out the trash step holding `ids` (its trash was refused), wherever it is.
    mutating func removeTrash(of ids: Set<String>) -> [TrashedPhoto]? {
        guard let index = steps.lastIndex(where: { if case .trash(let photos) = $0 { Set(photos.map(\.photo.id)) == ids } else { false } }),
              case .trash(let photos) = steps.remove(at: index) else { return nil }
        return photos
    }
}

/// A photo taken out of the list by the trash, and its place there (to put it back).
public struct TrashedPhoto: Sendable, Hashable {
    public let photo: Photo
    public let index: Int
}

extension Photo {
    /// The rating as the grid writes it on a tile: "★3", "✕" rejected; nil unrated.
    var ratingMark: String? {
        switch rating {
        case -1: "✕"
        case let stars? where stars > 0: "★\(stars)"
        default: nil
        }
    }

    /// The rating as the status line and the info panel write it: "★★★☆☆", "✕ rejected".
    var ratingText: String? {
        switch rating {
        case -1: "✕ rejected"
        case let stars? where stars > 0: String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
        default: nil
        }
    }
}
