import FoundationEssentials
import PhotoPagerBase

/// What part of an Immich library is browsed: the timeline, or an album, a person, the
/// favourites, a text search, a span of dates, with or without videos. Turned into the body of
/// `POST /search/metadata` (or `/search/smart` for text when the server has it), newest first.
public struct ImmichQuery: Sendable, Equatable {
    public var albumID: String?
    public var personID: String?
    public var favourites = false
    /// A search: by meaning on a server with smart search, else in file names and descriptions.
    public var text: String?
    /// ISO 8601 dates or instants: taken after / before.
    public var takenAfter: String?
    public var takenBefore: String?
    public var includesVideos = false
    /// `--min-rating`, `--rejected`: kept here, from what the server returns (its search takes
    /// one exact rating, 1–5 or null: not -1, nor a minimum).
    public var rated: RatingFilter?

    public init() {}

    /// Whether `asset` belongs to what this asks for, for lists the server did not filter (a
    /// v2 album's embedded assets); the text of a search is the server's to match.
    func admits(_ asset: ImmichAsset) -> Bool {
        if let rated, !rated.admits(asset.exif?.rating) { return false }
        if asset.isTrashed || (!includesVideos && asset.kind != .image) || (favourites && !asset.isFavorite) { return false }
        guard takenAfter != nil || takenBefore != nil else { return true }
        guard let taken = asset.fileCreatedAt.flatMap(Self.instant) else { return false }
        if let after = takenAfter.flatMap(Self.instant), taken < after { return false }
        if let before = takenBefore.flatMap(Self.instant), taken > before { return false }
        return true
    }

    /// An ISO 8601 instant as the API writes them: "2024-05-01T10:00:00.000Z", "…+00:00", or
    /// without fractions.
    static func instant(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    /// The request body for the page at `position` of `size` assets.
    func body(position: ImmichPagePosition?, size: Int, smart: Bool) -> Data {
        var fields: [String: JSONValue] = ["size": .number(size), "withExif": .bool(true)]
        switch position {
        case .page(let page): fields["page"] = .number(page)
        case .cursor(let cursor): fields["cursor"] = .string(cursor)
        case nil: fields["page"] = .number(1)
        }
        if !includesVideos { fields["type"] = .string("IMAGE") }
        if let albumID { fields["albumIds"] = .array([.string(albumID)]) }
        if let personID { fields["personIds"] = .array([.string(personID)]) }
        if favourites { fields["isFavorite"] = .bool(true) }
        if let takenAfter { fields["takenAfter"] = .string(takenAfter) }
        if let takenBefore { fields["takenBefore"] = .string(takenBefore) }
        // The timeline shows what its owner has not archived or hidden; an album or a person
        // shows all of theirs, as the web app does.
        if albumID == nil, personID == nil { fields["visibility"] = .string("timeline") }
        if let text {
            if smart {
                fields["query"] = .string(text)
            } else {
                fields["originalFileName"] = .string(text)
            }
        } else {
            fields["order"] = .string("desc")
        }
        return JSONValue.object(fields).encoded
    }
}

/// Just enough JSON to write a request body with its keys in a fixed order.
enum JSONValue {
    case string(String), number(Int), bool(Bool), array([JSONValue]), object([String: JSONValue])

    var encoded: Data { Data(text.utf8) }

    private var text: String {
        switch self {
        case .string(let value): Self.quoted(value)
        case .number(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.sorted { $0.key < $1.key }.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
