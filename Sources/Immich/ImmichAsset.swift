import FoundationEssentials
import PhotoPagerBase

/// One asset of an Immich library as its API describes it (`AssetResponseDto`), read
/// leniently: servers from 1.9x to 3.x leave fields out, send null, or an older type (v2's
/// `duration` as "0:00:05.12300", v3's as milliseconds). A field that does not read is absent;
/// only an asset without an id is no asset.
public struct ImmichAsset: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case image = "IMAGE", video = "VIDEO", audio = "AUDIO", other = "OTHER"
    }

    public var id: String
    public var kind: Kind = .image
    public var originalFileName: String?
    /// Base64 ThumbHash (the API's `thumbhash`).
    public var thumbHash: String?
    /// The size the server says (v2.5+: `width`/`height`; before: EXIF's, turned upright).
    public var width: Int?
    public var height: Int?
    /// The instant taken (UTC) and the wall-clock time where it was taken.
    public var fileCreatedAt: String?
    public var localDateTime: String?
    public var isFavorite = false
    public var isTrashed = false
    /// A video's length in milliseconds.
    public var durationMilliseconds: Int?
    public var exif: Exif?
    /// Names of the people recognised in it, as the server lists them.
    public var people: [String] = []
    public var ownerName: String?

    public struct Exif: Sendable, Equatable {
        public var make, model, lensModel, exposureTime: String?
        public var fNumber, focalLength: Double?
        public var iso: Int?
        public var dateTimeOriginal, timeZone: String?
        public var city, state, country: String?
        public var latitude, longitude: Double?
        public var description: String?
        /// 1–5 stars, -1 rejected; nil unrated.
        public var rating: Int?
        /// EXIF orientation 1–8 (the API sends it as a string, sometimes a number).
        public var orientation: Int?
        public var exifImageWidth, exifImageHeight: Int?
    }

    public init(id: String) {
        self.id = id
    }
}

extension ImmichAsset: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard let id = c.lenient(String.self, "id"), !id.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an asset without an id"))
        }
        self.id = id
        kind = c.lenient(String.self, "type").flatMap(Kind.init(rawValue:)) ?? .other
        originalFileName = c.lenient(String.self, "originalFileName")
        thumbHash = c.lenient(String.self, "thumbhash")
        width = c.lenient(Int.self, "width")
        height = c.lenient(Int.self, "height")
        fileCreatedAt = c.lenient(String.self, "fileCreatedAt")
        localDateTime = c.lenient(String.self, "localDateTime")
        isFavorite = c.lenient(Bool.self, "isFavorite") ?? false
        isTrashed = c.lenient(Bool.self, "isTrashed") ?? false
        durationMilliseconds = c.lenient(Int.self, "duration") ?? c.lenient(String.self, "duration").flatMap(Self.milliseconds)
        if let exif = try? c.nestedContainer(keyedBy: Key.self, forKey: Key("exifInfo")) {
            self.exif = Exif(
                make: exif.lenient(String.self, "make"), model: exif.lenient(String.self, "model"),
                lensModel: exif.lenient(String.self, "lensModel"), exposureTime: exif.lenient(String.self, "exposureTime"),
                fNumber: exif.lenient(Double.self, "fNumber"), focalLength: exif.lenient(Double.self, "focalLength"),
                iso: exif.lenient(Int.self, "iso"),
                dateTimeOriginal: exif.lenient(String.self, "dateTimeOriginal"), timeZone: exif.lenient(String.self, "timeZone"),
                city: exif.lenient(String.self, "city"), state: exif.lenient(String.self, "state"),
                country: exif.lenient(String.self, "country"),
                latitude: exif.lenient(Double.self, "latitude"), longitude: exif.lenient(Double.self, "longitude"),
                description: exif.lenient(String.self, "description"), rating: exif.lenient(Int.self, "rating"),
                orientation: exif.lenient(Int.self, "orientation") ?? exif.lenient(String.self, "orientation").flatMap { Int($0) },
                exifImageWidth: exif.lenient(Int.self, "exifImageWidth"), exifImageHeight: exif.lenient(Int.self, "exifImageHeight"))
        }
        if width == nil || height == nil, let exif, let w = exif.exifImageWidth, let h = exif.exifImageHeight, w > 0, h > 0 {
            // EXIF's size is the stored one: orientations 5–8 stand it on its side.
            let turned = (5 ... 8).contains(exif.orientation ?? 1)
            (width, height) = turned ? (h, w) : (w, h)
        }
        struct Person: Decodable { var name: String? }
        people = (c.lenient([Lenient<Person>].self, "people") ?? []).compactMap { $0.value?.name }.filter { !$0.isEmpty }
        struct Owner: Decodable { var name: String? }
        ownerName = c.lenient(Owner.self, "owner")?.name
    }

    /// v2's "H:MM:SS.ffffff" as milliseconds.
    static func milliseconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Double(parts[2]),
              hours >= 0, minutes >= 0, seconds >= 0 else { return nil }
        return (hours * 3600 + minutes * 60) * 1000 + Int((seconds * 1000).rounded())
    }
}

/// A value that failed to decode is nil, not an error for everything around it.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// The value at `key` if it is there and of this type; nil otherwise (missing, null, other).
    func lenient<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
        guard let key = Key(stringValue: key) else { return nil }
        return (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
