import FoundationEssentials
import Glibc
import HTTPClient
import PhotoCache
import PhotoLibrary
import PhotoPagerBase

/// Talks to one Immich server: its version and settings, searches of its library page by page,
/// albums and people by name, a favourite, and the images. Blocking and thread-safe (the pager
/// calls it from background workers). Timeouts and 5xx replies are tried again twice; search
/// pages are kept on disk and served from there when the server cannot be reached.
public final class ImmichClient: Sendable {
    public let server: ImmichServer
    private let transport: any HTTPTransport
    private let cache: DiskCache?
    private let retryPauses: [Duration]
    private let webBase = Locked<URL?>(nil)
    private let smartSearch = Locked<Bool?>(nil)

    public init(server: ImmichServer, transport: any HTTPTransport, cache: DiskCache?,
                retryPauses: [Duration] = [.milliseconds(400), .milliseconds(1200)]) {
        self.server = server
        self.transport = transport
        self.cache = cache
        self.retryPauses = retryPauses
    }

    /// The server's version; an older one than this client speaks is an error naming it.
    @discardableResult
    public func checkVersion() throws(ImmichError) -> String {
        struct Version: Decodable { var major: Int; var minor: Int; var patch: Int }
        let response: HTTPResponse
        do {
            response = try send(server.request(server.url("server/version")), what: "server/version")
        } catch .notFound {
            // Before 1.113 the version lived under /server-info.
            let old = try send(server.request(server.url("server-info/version")), what: "server-info/version")
            let version = try? JSONDecoder().decode(Version.self, from: old.body)
            throw .tooOld(version.map { "\($0.major).\($0.minor).\($0.patch)" } ?? "older than 1.113")
        }
        guard let version = try? JSONDecoder().decode(Version.self, from: response.body) else {
            throw .malformed("server/version")
        }
        let text = "\(version.major).\(version.minor).\(version.patch)"
        guard version.major >= 2 else { throw .tooOld(text) }
        return text
    }

    /// Where the web app shows a photo: `/server/config`'s `externalDomain`, else the origin.
    public func webBaseURL() -> URL {
        if let known = webBase.withLock({ $0 }) { return known }
        struct Config: Decodable { var externalDomain: Lenient<String>? }
        var base = server.origin
        if let response = try? send(server.request(server.url("server/config")), what: "server/config"),
           let domain = (try? JSONDecoder().decode(Config.self, from: response.body))?.externalDomain?.value,
           let url = URL(string: domain.hasSuffix("/") ? String(domain.dropLast()) : domain), url.isWeb {
            base = url
        }
        webBase.withLock { $0 = base }
        return base
    }

    /// Whether the server searches by meaning (`/server/features` `smartSearch`).
    public func hasSmartSearch() -> Bool {
        if let known = smartSearch.withLock({ $0 }) { return known }
        struct Features: Decodable { var smartSearch: Lenient<Bool>? }
        let has = (try? send(server.request(server.url("server/features")), what: "server/features"))
            .flatMap { try? JSONDecoder().decode(Features.self, from: $0.body) }?.smartSearch?.value ?? false
        smartSearch.withLock { $0 = has }
        return has
    }

    /// One page of `query`, from `position` (nil: the first).
    public func search(_ query: ImmichQuery, from position: ImmichPagePosition?, size: Int) throws(ImmichError) -> ImmichSearchPage {
        let smart = query.text.map { _ in hasSmartSearch() } ?? false
        let body = query.body(position: position, size: size, smart: smart)
        let url = server.url(smart ? "search/smart" : "search/metadata")
        // The key names the server and the question, never the API key.
        var (page, fromCache) = try keptReply(server.request(url, method: "POST", json: body), what: url.path,
                                              question: String(decoding: body, as: UTF8.self), parse: ImmichSearchPage.parse)
        page.fromCache = fromCache
        return page
    }

    /// An album's assets as v2 servers embed them in `GET /albums/{id}`: every member, other
    /// people's in an album shared with the key's owner and archived ones too (a metadata
    /// search finds only the owner's, and only what the timeline shows). Nil when the reply
    /// has none: v3 dropped them, and its albums page through a search with `albumIds`.
    public func embeddedAssets(ofAlbum id: String) throws(ImmichError) -> (assets: [ImmichAsset], fromCache: Bool)? {
        struct Album: Decodable { var assets: [Lenient<ImmichAsset>]? }
        let what = "album \(id)"
        let (album, fromCache) = try keptReply(server.request(server.url("albums/" + id.percentEncoded())), what: what, question: "") { data throws(ImmichError) in
            guard let album = try? JSONDecoder().decode(Album.self, from: data) else { throw .malformed(what) }
            return album
        }
        return album.assets.map { ($0.compactMap(\.value), fromCache) }
    }

    /// A reply kept on disk as it is read, and read from there when the server cannot be
    /// reached or is in trouble. The entry is named by the server, the path and `question`
    /// (a search's body), never by the API key.
    private func keptReply<Reply>(_ request: HTTPRequest, what: String, question: String,
                                  parse: (Data) throws(ImmichError) -> Reply) throws(ImmichError) -> (Reply, fromCache: Bool) {
        let key = EntryKey.hashed(server.origin.absoluteString + "|" + request.url.path + "|" + question, folder: "immich-pages")
        do {
            let response = try send(request, what: what)
            let reply = try parse(response.body)
            cache?.write(.api, key, response.body)
            return (reply, false)
        } catch where error.prefersCache {
            guard let stored = cache?.read(.api, key), let reply = try? parse(stored) else { throw error }
            return (reply, true)
        }
    }

    public struct Named: Sendable, Equatable {
        public let id: String
        public let name: String
    }

    /// The albums the key can see: its own and those shared with it.
    public func albums() throws(ImmichError) -> [Named] {
        struct Album: Decodable { var id: String; var albumName: Lenient<String>? }
        var seen = Set<String>(), all: [Named] = []
        for query in [[], [URLQueryItem(name: "shared", value: "true")]] {
            let response = try send(server.request(server.url("albums", query: query)), what: "albums")
            guard let albums = try? JSONDecoder().decode([Lenient<Album>].self, from: response.body) else { throw .malformed("albums") }
            for album in albums.compactMap(\.value) where seen.insert(album.id).inserted {
                all.append(Named(id: album.id, name: album.albumName?.value ?? ""))
            }
        }
        return all
    }

    /// People whose name matches `name` (the server's own search).
    public func people(named name: String) throws(ImmichError) -> [Named] {
        struct Person: Decodable { var id: String; var name: Lenient<String>? }
        let response = try send(server.request(server.url("search/person", query: [URLQueryItem(name: "name", value: name)])),
                                what: "search/person")
        guard let people = try? JSONDecoder().decode([Lenient<Person>].self, from: response.body) else { throw .malformed("people") }
        return people.compactMap(\.value).map { Named(id: $0.id, name: $0.name?.value ?? "") }
    }

    /// Marks asset `id` a favourite or not (`PUT /assets/{id}`).
    public func setFavourite(_ favourite: Bool, id: String) throws(ImmichError) {
        let body = Data(#"{"isFavorite":\#(favourite)}"#.utf8)
        try send(server.request(server.url("assets/" + id.percentEncoded()), method: "PUT", json: body), what: "asset \(id)")
    }

    /// Sets asset `id`'s stars (`PUT /assets/{id}` `rating`): 1–5, -1 rejected, nil (JSON null)
    /// clears them; 0 is not a rating there since v3.
    public func setRating(_ rating: Int?, id: String) throws(ImmichError) {
        let value = rating.flatMap { $0 == 0 ? nil : $0 }.map(String.init) ?? "null"
        let body = Data(#"{"rating":\#(value)}"#.utf8)
        try send(server.request(server.url("assets/" + id.percentEncoded()), method: "PUT", json: body), what: "asset \(id)")
    }

    /// Asset `id` to Immich's own trash (`DELETE /assets`, not `force`: restorable there).
    public func trash(id: String) throws(ImmichError) {
        let body = JSONValue.object(["ids": .array([.string(id)]), "force": .bool(false)]).encoded
        try send(server.request(server.url("assets"), method: "DELETE", json: body), what: "asset \(id)")
    }

    /// Asset `id` back from Immich's trash (`POST /trash/restore/assets`).
    public func restore(id: String) throws(ImmichError) {
        let body = JSONValue.object(["ids": .array([.string(id)])]).encoded
        try send(server.request(server.url("trash/restore/assets"), method: "POST", json: body), what: "asset \(id)")
    }

    /// A shared link to asset `id` that anyone can open until `expires` (an ISO 8601 instant; nil
    /// never): the web app's `/share/KEY` on the external domain. The key the server made is
    /// base64url; anything else is refused rather than printed.
    public func sharedLink(assetID id: String, expires: String?) throws(ImmichError) -> String {
        var fields: [String: JSONValue] = ["type": .string("INDIVIDUAL"), "assetIds": .array([.string(id)]),
                                           "allowDownload": .bool(true), "showMetadata": .bool(true)]
        if let expires { fields["expiresAt"] = .string(expires) }
        let response = try send(server.request(server.url("shared-links"), method: "POST", json: JSONValue.object(fields).encoded),
                                what: "shared-links")
        struct Link: Decodable { var key: Lenient<String>? }
        guard let key = (try? JSONDecoder().decode(Link.self, from: response.body))?.key?.value, !key.isEmpty,
              key.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || ("A" ... "Z").contains($0) || ("a" ... "z").contains($0)
                  || ("0" ... "9").contains($0) || $0 == "-" || $0 == "_" })
        else { throw .malformed("a shared link without a key") }
        return webBaseURL().absoluteString + "/share/" + key
    }

    /// An image at `url`, from the disk cache when kept there (an asset's renditions do not
    /// change), else fetched and kept; the key names the URL, never the API key.
    public func keptImage(_ url: URL, progress: HTTPProgress? = nil) throws(ImmichError) -> Data {
        let key = EntryKey.hashed(url.absoluteString, folder: "immich")
        if let kept = cache?.read(.images, key) { return kept }
        let data = try fetch(url, progress: progress)
        cache?.write(.images, key, data)
        return data
    }

    /// The bytes at `url` on this server (an image), following its redirects ourselves: to this
    /// origin with the key, to another without it (libcurl would send the key on to any host).
    public func fetch(_ url: URL, progress: HTTPProgress? = nil) throws(ImmichError) -> Data {
        var url = url
        for _ in 0 ..< 5 {
            let keyed = server.isSameOrigin(url)
            var request = keyed ? server.request(url, accept: "image/*") : HTTPRequest(url: url, followsRedirects: false)
            // The server's own CA for the server; anywhere else, the system's.
            request.timeout = server.timeout * 4
            let response = try send(request, what: "image", progress: progress, redirects: true)
            guard (300 ..< 400).contains(response.status) else { return response.body }
            guard let location = response.headers["Location"], let next = URL(string: location, relativeTo: url)?.absoluteURL,
                  next.isWeb else { throw .malformed("a redirect to nowhere") }
            url = next
        }
        throw .malformed("too many redirects")
    }

    /// One request with the retry and status rules: the reply of a success (or, with
    /// `redirects`, of a redirect), else the error it amounts to.
    @discardableResult
    func send(_ request: HTTPRequest, what: String, progress: HTTPProgress? = nil, redirects: Bool = false) throws(ImmichError) -> HTTPResponse {
        var attempt = 0
        while true {
            let failure: ImmichError
            do {
                let response = try transport.send(request, progress: progress)
                if redirects, (300 ..< 400).contains(response.status) { return response }
                guard let error = ImmichError.from(status: response.status, body: response.body, what: what) else { return response }
                guard response.status >= 500 else { throw error }
                failure = error
            } catch let error as ImmichError {
                throw error
            } catch let error as HTTPError {
                guard error.isWorthRetryingAtOnce else { throw ImmichError.network(error) }
                failure = .network(error)
            } catch {
                throw ImmichError.network(.failed("\(error)"))
            }
            guard attempt < retryPauses.count else { throw failure }
            usleep(UInt32(clamping: retryPauses[attempt].wholeMicroseconds))
            attempt += 1
        }
    }
}
