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
    public var width: Int
    public var height: Int
    /// Everything else, shared between copies until one changes it: the app's state holds a
    /// list of every photo and compares it with the one before each event, and a folder of
    /// 100,000 photos made that a copy of 100,000 values of ~600 bytes (and ten references
    /// each) whenever one header arrived. Now a copy is an id, two numbers and one reference.
    private var more: Storage

    /// ISO 8601 text as the API sends it; kept as text because nothing here computes with it.
    public var createdAt: String? {
        get { more.fields.createdAt }
        set { change { $0.createdAt = newValue } }
    }
    /// The photo's dominant colour, `"#RRGGBB"`: an instant placeholder while the photo loads.
    public var color: String? {
        get { more.fields.color }
        set { change { $0.color = newValue } }
    }
    /// A BlurHash string: a richer placeholder than `color`.
    public var blurHash: String? {
        get { more.fields.blurHash }
        set { change { $0.blurHash = newValue } }
    }
    /// A ThumbHash (base64), as Immich sends one: a placeholder that also knows the aspect
    /// ratio and transparency.
    public var thumbHash: String? {
        get { more.fields.thumbHash }
        set { change { $0.thumbHash = newValue } }
    }
    /// A library's favourite (Immich's `isFavorite`); nil where there is no such thing.
    public var favourite: Bool? {
        get { more.fields.favourite }
        set { change { $0.favourite = newValue } }
    }
    /// Stars as photo tools share them (`xmp:Rating`): 1–5, 0 unrated, -1 rejected; nil when
    /// nothing says (a photo without a sidecar, an Unsplash photo).
    public var rating: Int? {
        get { more.fields.rating }
        set { change { $0.rating = newValue } }
    }
    /// A video's length in seconds (a library's videos are shown by their thumbnail); nil for a photo.
    public var videoDuration: Double? {
        get { more.fields.videoDuration }
        set { change { $0.videoDuration = newValue } }
    }
    /// Where `createdAt`'s wall-clock time was (Immich's `timeZone`: "Europe/Paris").
    public var timeZone: String? {
        get { more.fields.timeZone }
        set { change { $0.timeZone = newValue } }
    }
    /// Who is in it, as a library recognised them (Immich's people).
    public var people: [String]? {
        get { more.fields.people }
        set { change { $0.people = newValue } }
    }
    public var description: String? {
        get { more.fields.description }
        set { change { $0.description = newValue } }
    }
    public var altDescription: String? {
        get { more.fields.altDescription }
        set { change { $0.altDescription = newValue } }
    }
    public var likes: Int? {
        get { more.fields.likes }
        set { change { $0.likes = newValue } }
    }
    /// A local file's colours and files (not in the API's shape: never encoded).
    public var fileDetails: FileDetails? {
        get { more.fields.fileDetails }
        set { change { $0.fileDetails = newValue } }
    }
    public var urls: URLs {
        get { more.fields.urls }
        set { change { $0.urls = newValue } }
    }
    public var links: Links? {
        get { more.fields.links }
        set { change { $0.links = newValue } }
    }
    public var user: User {
        get { more.fields.user }
        set { change { $0.user = newValue } }
    }
    public var exif: Exif? {
        get { more.fields.exif }
        set { change { $0.exif = newValue } }
    }
    public var location: Location? {
        get { more.fields.location }
        set { change { $0.location = newValue } }
    }

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
        self.width = width
        self.height = height
        more = Storage(Fields(createdAt: createdAt, color: color, blurHash: blurHash, description: description,
                              altDescription: altDescription, likes: likes, urls: urls, links: links, user: user,
                              exif: exif, location: location))
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
        case thumbHash = "thumbhash"
        case favourite = "favorite"
        case rating
        case videoDuration = "video_duration"
        case people
        case timeZone = "time_zone"
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
        let urls = try container.decode(URLs.self, forKey: .urls)
        let user = try container.decode(User.self, forKey: .user)
        var fields = Fields(
            createdAt: try container.decodeIfPresent(String.self, forKey: .createdAt),
            color: try container.decodeIfPresent(String.self, forKey: .color),
            blurHash: try container.decodeIfPresent(String.self, forKey: .blurHash),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            altDescription: try container.decodeIfPresent(String.self, forKey: .altDescription),
            likes: try container.decodeWholeNumberIfPresent(forKey: .likes),
            urls: urls,
            links: try container.decodeIfPresent(Links.self, forKey: .links),
            user: user,
            exif: try container.decodeIfPresent(Exif.self, forKey: .exif),
            location: try container.decodeIfPresent(Location.self, forKey: .location))
        fields.thumbHash = try container.decodeIfPresent(String.self, forKey: .thumbHash)
        fields.favourite = try container.decodeIfPresent(Bool.self, forKey: .favourite)
        fields.rating = try container.decodeWholeNumberIfPresent(forKey: .rating).flatMap { (-1 ... 5).contains($0) ? $0 : nil }
        fields.videoDuration = try container.decodeIfPresent(Double.self, forKey: .videoDuration)
        fields.people = try container.decodeIfPresent([String].self, forKey: .people)
        fields.timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        more = Storage(fields)
    }

    /// The keys in the order the fields were declared before they moved into `Storage` (the
    /// order `list --json` has always written), nil fields left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let fields = more.fields
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(fields.createdAt, forKey: .createdAt)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encodeIfPresent(fields.color, forKey: .color)
        try container.encodeIfPresent(fields.blurHash, forKey: .blurHash)
        try container.encodeIfPresent(fields.thumbHash, forKey: .thumbHash)
        try container.encodeIfPresent(fields.favourite, forKey: .favourite)
        try container.encodeIfPresent(fields.rating, forKey: .rating)
        try container.encodeIfPresent(fields.videoDuration, forKey: .videoDuration)
        try container.encodeIfPresent(fields.people, forKey: .people)
        try container.encodeIfPresent(fields.timeZone, forKey: .timeZone)
        try container.encodeIfPresent(fields.description, forKey: .description)
        try container.encodeIfPresent(fields.altDescription, forKey: .altDescription)
        try container.encodeIfPresent(fields.likes, forKey: .likes)
        try container.encode(fields.urls, forKey: .urls)
        try container.encodeIfPresent(fields.links, forKey: .links)
        try container.encode(fields.user, forKey: .user)
        try container.encodeIfPresent(fields.exif, forKey: .exif)
        try container.encodeIfPresent(fields.location, forKey: .location)
    }

    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.id == rhs.id && lhs.width == rhs.width && lhs.height == rhs.height
            && (lhs.more === rhs.more || lhs.more.fields == rhs.more.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(more.fields)
    }

    /// The fields a photo shares with its copies until one changes.
    struct Fields: Hashable, Sendable {
        var createdAt: String?
        var color: String?
        var blurHash: String?
        var thumbHash: String?
        var favourite: Bool?
        var rating: Int?
        var videoDuration: Double?
        var people: [String]?
        var timeZone: String?
        var description: String?
        var altDescription: String?
        var likes: Int?
        var fileDetails: FileDetails?
        var urls: URLs
        var links: Links?
        var user: User
        var exif: Exif?
        var location: Location?

        init(createdAt: String?, color: String?, blurHash: String?, description: String?, altDescription: String?,
             likes: Int?, urls: URLs, links: Links?, user: User, exif: Exif?, location: Location?) {
            self.createdAt = createdAt
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
    }

    /// Copy on write: `fields` changes only through `change`, on a box no other photo holds.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private mutating func change(_ body: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&more) { more = Storage(more.fields) }
        body(&more.fields)
    }
}
