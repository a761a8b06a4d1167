import Foundation

/// An Immich server as the tests see it: a loopback `FixtureServer` answering the v3 API (the
/// shapes of `../shared/conformance/immich/openapi-excerpt.json`) over a library the test
/// makes, with thumbnails that are WebP and previews that are JPEG whatever their headers say,
/// and every request recorded. Recorded real replies (older servers) are read with `recorded`.
public final class ImmichFixture: @unchecked Sendable {
    public static let recordings = SharedPhotos.conformance.appendingPathComponent("immich/replies")

    public struct Asset: Sendable {
        public var id: String
        public var name: String
        public var video = false
        public var favourite = false
        /// 1–5, -1 rejected; nil unrated (the API's null).
        public var rating: Int?
        /// In Immich's trash (a search leaves it out).
        public var trashed = false
        public var albums: [String] = []
        public var people: [String] = []
        public var description = ""
        public var taken: String
        public var width = 4032, height = 3024

        public init(id: String, name: String, taken: String) {
            self.id = id
            self.name = name
            self.taken = taken
        }

        /// The asset as a v3 server sends it (`AssetResponseDto` with `exifInfo`).
        public var json: [String: Any] {
            [
                "id": id, "type": video ? "VIDEO" : "IMAGE", "originalFileName": name, "originalPath": "upload/" + name,
                "thumbhash": "k0oGLQaSVsN0BVhn2oq2Z5SQUQcZ", "width": width, "height": height,
                "fileCreatedAt": taken, "fileModifiedAt": taken, "localDateTime": taken, "createdAt": taken, "updatedAt": taken,
                "isFavorite": favourite, "isArchived": false, "isTrashed": false, "isOffline": false, "isEdited": false,
                "hasMetadata": true, "duration": video ? 5123 : 0, "checksum": "x", "ownerId": "owner", "visibility": "timeline",
                "livePhotoVideoId": NSNull(),
                "exifInfo": [
                    "make": "FUJIFILM", "model": "X-T5", "lensModel": "XF23mmF2", "exposureTime": "1/250", "fNumber": 5.6,
                    "focalLength": 23, "iso": 200, "dateTimeOriginal": taken, "timeZone": "Europe/Paris", "city": "Paris",
                    "state": "Île-de-France", "country": "France", "description": description, "rating": rating.map { $0 as Any } ?? NSNull(),
                    "orientation": "1", "exifImageWidth": width, "exifImageHeight": height,
                ] as [String: Any],
                "people": people.map { ["id": "p-" + $0, "name": $0] },
            ]
        }
    }

    public let key: String
    public var assets: [Asset]
    public var albums: [(id: String, name: String)] = []
    public var people: [(id: String, name: String)] = []
    public var smartSearch = false
    /// Hand out `nextCursor` (v3.2+) instead of `nextPage`.
    public var cursors = false
    public var version = (major: 3, minor: 0, patch: 3)
    public var externalDomain = ""
    /// Asset ids whose favourite the server refuses (403).
    public var refusesFavourite: Set<String> = []
    /// What `POST /shared-links` answers as the link's key.
    public var sharedLinkKey = "Q0ZHa2V5_-9"
    /// Images answer this status instead (a server in trouble).
    public var imageStatus: Int?
    /// Where `size=fullsize` redirects (default: this server's `/original`).
    public var fullsizeRedirect: ((String) -> String)?
    private let lock = NSLock()
    public private(set) var server: FixtureServer!

    public init(key: String = "immich-test-key-0123456789", assets: [Asset]) throws {
        self.key = key
        self.assets = assets
        server = try FixtureServer { [unowned self] request in self.answer(request) }
    }

    public var baseURL: String { server.baseURL }
    public var requests: [FixtureServer.Request] { server.requests }

    /// `count` photos taken a day apart, newest first, named IMG_0001.jpg….
    public static func library(_ count: Int) -> [Asset] {
        (0 ..< count).map { n in
            let day = 28 - n % 28, month = 12 - (n / 28) % 12
            return Asset(id: String(format: "00000000-0000-4000-8000-%012d", n + 1), name: String(format: "IMG_%04d.jpg", n + 1),
                         taken: String(format: "2024-%02d-%02dT10:00:00.000Z", month, day))
        }
    }

    /// A recorded reply's body.
    public static func recorded(_ name: String) throws -> Data {
        try Data(contentsOf: recordings.appendingPathComponent(name + ".json"))
    }

    private func answer(_ request: FixtureServer.Request) -> FixtureServer.Reply {
        let path = request.path
        guard path.hasPrefix("/api/") else { return .notFound }
        let open = ["/api/server/version", "/api/server/config", "/api/server/features", "/api/server/ping"]
        if !open.contains(path), request.header("x-api-key") != key {
            return .json(#"{"message":"Invalid API key"}"#, status: 401)
        }
        lock.lock(); defer { lock.unlock() }
        switch (request.method, path) {
        case ("GET", "/api/server/version"):
            return .json(#"{"major":\#(version.major),"minor":\#(version.minor),"patch":\#(version.patch),"prerelease":false}"#)
        case ("GET", "/api/server/config"):
            return .json(#"{"externalDomain":"\#(externalDomain)","loginPageMessage":"","isInitialized":true}"#)
        case ("GET", "/api/server/features"):
            return .json(#"{"smartSearch":\#(smartSearch),"facialRecognition":true,"search":true}"#)
        case ("GET", "/api/albums"):
            let shared = request.query["shared"] == "true"
            let list = albums.enumerated().filter { ($0.offset % 2 == 1) == shared }.map { $0.element }
            return json(list.map { ["id": $0.id, "albumName": $0.name, "assetCount": 1] })
        case ("GET", _) where path.hasPrefix("/api/albums/"):
            return album(String(path.dropFirst("/api/albums/".count)))
        case ("GET", "/api/search/person"):
            let name = (request.query["name"] ?? "").lowercased()
            return json(people.filter { $0.name.lowercased().contains(name) }.map { ["id": $0.id, "name": $0.name] })
        case ("POST", "/api/search/metadata"), ("POST", "/api/search/smart"):
            return search(request)
        case ("POST", "/api/shared-links"):
            return json(["id": "link-1", "key": sharedLinkKey, "type": "INDIVIDUAL", "slug": NSNull()])
        case ("DELETE", "/api/assets"), ("POST", "/api/trash/restore/assets"):
            guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any], let ids = body["ids"] as? [String],
                  request.method == "POST" || body["force"] as? Bool == false else { return .json(#"{"message":"Validation failed"}"#, status: 400) }
            if ids.contains(where: refusesFavourite.contains) { return .json(#"{"message":"Missing required permission: asset.delete"}"#, status: 403) }
            for index in assets.indices where ids.contains(assets[index].id) { assets[index].trashed = request.method == "DELETE" }
            return request.method == "DELETE" ? FixtureServer.Reply(status: 204, body: Data()) : json(["count": ids.count])
        case ("PUT", _) where path.hasPrefix("/api/assets/"):
            let id = String(path.dropFirst("/api/assets/".count))
            if refusesFavourite.contains(id) { return .json(#"{"message":"Missing required permission: asset.update"}"#, status: 403) }
            guard let index = assets.firstIndex(where: { $0.id == id }),
                  let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else { return .notFound }
            if let favourite = body["isFavorite"] as? Bool { assets[index].favourite = favourite }
            if body.keys.contains("rating") {
                // v3: 1–5, -1, or null; 0 is a validation error.
                let rating = body["rating"] as? Int
                guard rating.map({ (1 ... 5).contains($0) || $0 == -1 }) ?? (body["rating"] is NSNull) else {
                    return .json(#"{"message":"Validation failed"}"#, status: 400)
                }
                assets[index].rating = rating
            }
            return json(assets[index].json)
        case ("GET", _) where path.hasSuffix("/thumbnail") && imageStatus != nil:
            return .json(#"{"message":"try later"}"#, status: imageStatus ?? 503)
        case ("GET", _) where path.hasSuffix("/thumbnail"):
            switch request.query["size"] ?? "thumbnail" {
            case "preview":
                return FixtureServer.Reply(headers: [("Content-Type", "application/octet-stream")], body: Self.preview)
            case "fullsize":
                let id = path.split(separator: "/")[2]
                let target = fullsizeRedirect?(String(id)) ?? "/api/assets/\(id)/original"
                return FixtureServer.Reply(status: 302, headers: [("Location", target)], body: Data())
            default:
                return FixtureServer.Reply(headers: [("Content-Type", "image/jpeg")], body: Self.thumbnail)
            }
        case ("GET", _) where path.hasSuffix("/original"):
            return FixtureServer.Reply(headers: [("Content-Type", "image/jpeg"),
                                                 ("Content-Disposition", "attachment; filename=\"IMG.jpg\"")], body: Self.preview)
        default:
            return .json(#"{"message":"Cannot \#(request.method) \#(path)"}"#, status: 404)
        }
    }

    /// `GET /albums/{id}`: its metadata; up to v2 with its assets embedded, oldest first (the
    /// album's own order) and in v2's shape (`duration` a string, no `width`/`height`).
    private func album(_ id: String) -> FixtureServer.Reply {
        guard let album = albums.first(where: { $0.id == id }) else { return .json(#"{"message":"Not found or no album.read access"}"#, status: 400) }
        let members = assets.filter { $0.albums.contains(id) }
        var reply: [String: Any] = ["id": album.id, "albumName": album.name, "assetCount": members.count, "order": "asc"]
        if version.major < 3 {
            reply["assets"] = members.sorted { $0.taken < $1.taken }.map { asset -> [String: Any] in
                var json = asset.json
                json["duration"] = asset.video ? "0:00:05.123000" : "0:00:00.00000"
                json["width"] = nil
                json["height"] = nil
                return json
            }
        }
        return json(reply)
    }

    private func search(_ request: FixtureServer.Request) -> FixtureServer.Reply {
        guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any] else {
            return .json(#"{"message":"Validation failed"}"#, status: 400)
        }
        var found = assets.filter { !$0.trashed }
        if body["type"] as? String == "IMAGE" { found = found.filter { !$0.video } }
        if body["isFavorite"] as? Bool == true { found = found.filter(\.favourite) }
        if let albums = body["albumIds"] as? [String] { found = found.filter { !Set($0.albums).isDisjoint(with: albums) } }
        if let people = body["personIds"] as? [String] {
            found = found.filter { asset in self.people.contains { people.contains($0.id) && asset.people.contains($0.name) } }
        }
        if let name = body["originalFileName"] as? String { found = found.filter { $0.name.lowercased().contains(name.lowercased()) } }
        if let query = body["query"] as? String { found = found.filter { $0.description.lowercased().contains(query.lowercased()) } }
        if let after = body["takenAfter"] as? String { found = found.filter { $0.taken >= after } }
        if let before = body["takenBefore"] as? String { found = found.filter { $0.taken <= before } }
        let size = body["size"] as? Int ?? 250
        let page = (body["cursor"] as? String).flatMap { Int($0.dropFirst("c".count)) } ?? body["page"] as? Int ?? 1
        let items = Array(found.dropFirst((page - 1) * size).prefix(size))
        let more = page * size < found.count
        var assetsReply: [String: Any] = ["count": items.count, "total": found.count, "facets": [], "items": items.map(\.json),
                                          "nextPage": more && !cursors ? "\(page + 1)" : NSNull()]
        if cursors { assetsReply["nextCursor"] = more ? "c\(page + 1)" : NSNull() }
        return json(["albums": ["count": 0, "total": 0, "items": [], "facets": []], "assets": assetsReply])
    }

    private func json(_ value: Any) -> FixtureServer.Reply {
        FixtureServer.Reply(headers: [("Content-Type", "application/json")],
                            body: (try? JSONSerialization.data(withJSONObject: value)) ?? Data("{}".utf8))
    }

    /// A real WebP and a real JPEG from the shared photos: the grid's and the pager's renditions.
    public static let thumbnail = (try? Data(contentsOf: SharedPhotos.url("formats/lossy.webp"))) ?? Data()
    public static let preview = (try? Data(contentsOf: SharedPhotos.url("sample/rocket.jpg"))) ?? Data()
}
