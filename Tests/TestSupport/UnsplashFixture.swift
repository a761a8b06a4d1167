import Foundation

/// Unsplash as the tests see it: recorded real API replies from `../shared/conformance/unsplash`
/// with their hosts rewritten onto the loopback server, and generated feeds with `Link`,
/// `X-Total` and `X-Ratelimit-*` headers whose `urls` point at real small JPEGs on the same server.
public enum UnsplashFixture {
    public static let recordings = SharedPhotos.conformance.appendingPathComponent("unsplash")

    /// A recorded reply: the body and the header block, hosts moved to `base` ("http://127.0.0.1:PORT").
    /// Content-Length is left out (the server computes it; the 2023 headers carry gzip lengths).
    public static func recorded(_ name: String, base: String) throws -> FixtureServer.Reply {
        let body = try String(contentsOf: recordings.appendingPathComponent(name + ".json"), encoding: .utf8)
        let head = try String(contentsOf: recordings.appendingPathComponent(name + ".headers.txt"), encoding: .utf8)
        var status = 200
        var headers: [(String, String)] = []
        for line in head.components(separatedBy: .newlines) where !line.hasPrefix("#") && !line.isEmpty {
            if line.hasPrefix("HTTP/") {
                status = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 200
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            guard !["content-length", "content-encoding", "transfer-encoding", "connection"].contains(name.lowercased())
            else { continue }
            headers.append((name, rewrite(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces), base: base)))
        }
        return FixtureServer.Reply(status: status, headers: headers, body: Data(rewrite(body, base: base).utf8))
    }

    /// Every recorded reply's name (without extension).
    public static func recordingNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: recordings.path)
            .filter { $0.hasSuffix(".headers.txt") }
            .map { String($0.dropLast(".headers.txt".count)) }
            .sorted()
    }

    static func rewrite(_ text: String, base: String) -> String {
        text.replacingOccurrences(of: "http://api.lvh.me:3000", with: base)
            .replacingOccurrences(of: "<API_URI>", with: base + "/")
            .replacingOccurrences(of: "http://lvh.me:3000", with: "https://unsplash.com")   // web pages: never fetched
    }

    /// A small real JPEG to serve behind `urls` (a bundled sample photo, 1.4 kB–200 kB).
    public static let jpeg: Data = (try? Data(contentsOf: SharedPhotos.repositoryRoot
        .appendingPathComponent("Resources/sample/rocket.jpg"))) ?? Data()

    /// One generated photo object, with `raw` on the fixture server and Unsplash-shaped links.
    public static func photoJSON(id: String, base: String, name: String = "Ansel Adams", description: String? = nil,
                                 width: Int = 1200, height: Int = 800, username: String = "ansel") -> String {
        let text = { (value: String) in String(data: try! JSONEncoder().encode(value), encoding: .utf8)! }
        return """
        {"id":\(text(id)),"width":\(width),"height":\(height),"color":"#406080",\
        "description":\(description.map(text) ?? "null"),\
        "urls":{"raw":"\(base)/img/\(id)?ixid=abc","regular":"\(base)/img/\(id)?w=1080","small":"\(base)/img/\(id)?w=400"},\
        "links":{"self":"https://api.unsplash.com/photos/\(id)","html":"https://unsplash.com/photos/\(id)",\
        "download_location":"https://api.unsplash.com/photos/\(id)/download?ixid=abc"},\
        "user":{"id":"u","username":\(text(username)),"name":\(text(name)),"links":{"html":"https://unsplash.com/@ansel"}}}
        """
    }

    /// A feed of `total` photos ("p1"…), `perPage` to a page, served at `path` with `Link` next
    /// pages, `X-Total` and a rate-limit header; `/img/…` serves the JPEG; `…/download` the ping.
    public static func feed(total: Int, perPage: Int = 30, path: String = "/photos",
                            ids: @escaping @Sendable (Int) -> String = { "p\($0)" }) -> FixtureServer.Handler {
        { request in
            let base = request.base
            if request.path.hasPrefix("/img/") {
                return FixtureServer.Reply(headers: [("Content-Type", "image/jpeg")], body: jpeg)
            }
            if request.path.hasSuffix("/download") {
                return .json(#"{"url":"\#(base)/img/original"}"#)
            }
            if request.path.hasPrefix("/photos/") {           // GET /photos/:id: the full object
                let id = String(request.path.dropFirst("/photos/".count))
                var full = photoJSON(id: id, base: base)
                full.removeLast()
                return .json(full + #","location":{"name":"Yosemite Valley, California","city":"Yosemite","country":"USA"},"#
                    + #""exif":{"make":"Hasselblad","model":"500C","iso":100}}"#)
            }
            guard request.path == path else { return .notFound }
            let page = Int(request.query["page"] ?? "1") ?? 1
            let first = (page - 1) * perPage + 1
            let numbers = first <= total ? Array(first ... min(total, first + perPage - 1)) : []
            let body = "[" + numbers.map { photoJSON(id: ids($0), base: base) }.joined(separator: ",") + "]"
            let pages = (total + perPage - 1) / perPage
            var links = ["<https://api.unsplash.com\(path)?page=\(pages)&per_page=\(perPage)>; rel=\"last\""]
            if page < pages { links.append("<https://api.unsplash.com\(path)?page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"") }
            return .json(body, headers: [("Link", links.joined(separator: ", ")), ("X-Total", "\(total)"),
                                         ("X-Ratelimit-Remaining", "49")])
        }
    }
}
