/// One photo, in the exact shape of the Unsplash API photo object.
///
/// Why the Unsplash shape: the same value flows from the API client, from JSON manifests that users
/// write or save from the API, and from local files, so one model serves every source, and encoding
/// it gives back JSON that the Unsplash tools (and `photopager photos.json`) read again.
///
/// Required when decoding (everything else may be missing or `null`):
/// - `id`, non-empty: the grid, caches and prefetching key photos by it.
/// - `width`, `height`, whole numbers ≥ 0: the layout needs the aspect ratio before any pixel
///   arrives (0 means "unknown"; ``aspectRatio`` then falls back to square).
/// - `urls` with at least one of raw/full/regular/small/thumb: without one there is nothing to show.
/// - `user` (an object; its `name` and `username` may be missing for local files, which have
///   no one to credit: the pager then shows no name).
///
/// Unknown fields are ignored. Optional fields with a value of the wrong type are errors (they point
/// at a broken manifest), except the EXIF values, which arrive as strings or numbers depending on
/// the producer. Encoding writes snake_case keys and omits `nil` fields.
public struct Photo: Sendable, Hashable, Codable {
    public var id: String
    /// ISO 8601 text as the API sends it; kept as text because nothing here computes with it.
    public var createdAt: String?
    public var width: Int
    public var height: Int
    /// The photo's dominant colour, `"#RRGGBB"`: an instant placeholder while the photo loads.
    public var color: String?
    /// A BlurHash string: a richer placeholder than `color`.
    public var blurHash: String?
    public var description: String?
    public var altDescription: String?
    public var likes: Int?
    /// A local file's colours and files (not in the API's shape: never encoded).
    public var fileDetails: FileDetails?
    public var urls: URLs
    public var links: Links?
    public var user: User
    public var exif: Exif?
    public var location: Location?

    /// Builds a photo in code, e.g. for a local file (`urls.raw` and `links.html` as `file://` URIs).
    public init(
        id: String,
        width: Int,
        height: Int,
        urls: URLs,
        user: User,
        createdAt: String? = nil,
        color: String? = nil,
        blurHash: String? = nil,
        description: String? = nil,
        altDescription: String? = nil,
        likes: Int? = nil,
        links: Links? = nil,
        exif: Exif? = nil,
        location: Location? = nil
    ) {
        self.id = id
        self.createdAt = createdAt
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.description = description
        self.altDescription = altDescription
        self.likes = likes
        self.urls = urls
        self.links = links
        self.user = user
        self.exif = exif
        self.location = location
    }

    /// `width / height`, for fitting the photo into a cell box; 1 (square) when either side is
    /// unknown (0), so layout code never divides by zero or gets a degenerate box.
    public var aspectRatio: Double {
        guard width > 0, height > 0 else { return 1 }
        return Double(width) / Double(height)
    }

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case width, height, color
        case blurHash = "blur_hash"
        case description
        case altDescription = "alt_description"
        case likes, urls, links, user, exif, location
    }
}

extension Photo {
    /// Decodes with the rules in the type's documentation; errors carry the failing field's path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        if id.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "must not be empty")
        }
        width = try container.decodeWholeNumber(forKey: .width, atLeast: 0)
        height = try container.decodeWholeNumber(forKey: .height, atLeast: 0)
        urls = try container.decode(URLs.self, forKey: .urls)
        user = try container.decode(User.self, forKey: .user)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        color = try container.decodeIfPresent(String.self, forKey: .color)
        blurHash = try container.decodeIfPresent(String.self, forKey: .blurHash)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        altDescription = try container.decodeIfPresent(String.self, forKey: .altDescription)
        likes = try container.decodeWholeNumberIfPresent(forKey: .likes)
        links = try container.decodeIfPresent(Links.self, forKey: .links)
        exif = try container.decodeIfPresent(Exif.self, forKey: .exif)
        location = try container.decodeIfPresent(Location.self, forKey: .location)
    }
}
