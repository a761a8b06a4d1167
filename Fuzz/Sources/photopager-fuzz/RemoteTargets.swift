import FoundationEssentials
import HTTPClient
import PhotoPagerBase
import Unsplash

enum RemoteTargets {
    /// Whatever the JSON, a photo's shared link is http, https or file and printable.
    static func manifest(_ bytes: UnsafeRawBufferPointer) {
        guard let photos = try? ManifestDecoder.photos(from: Data(bytes)) else { return }
        photos.forEach(checkShareable)
    }

    static func checkShareable(_ photo: Photo) {
        guard let url = ShareLink.url(for: photo) else { return }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        require(["http", "https", "file"].contains(scheme), "shared a \(scheme): link")
        require(TerminalText.sanitized(url) == url, "shared link has control characters")
    }

    static let api = UnsplashAPI(base: URL(string: "http://127.0.0.1:8123/api/")!, accessKey: "KEY")

    /// A listing reply: the photos, the next page and where the key goes for it.
    static func unsplash(_ bytes: UnsafeRawBufferPointer) {
        let (head, body) = split(Array(bytes))
        let response = HTTPResponse(status: 200, headers: HTTPHeaders(parsing: String(decoding: head, as: UTF8.self)),
                                    body: Data(body))
        for isSearch in [false, true] {
            guard let page = try? FeedPage.parse(response, isSearch: isSearch) else { continue }
            page.photos.forEach(checkShareable)
            if let next = page.next { checkKeyStaysHome(next) }
            for photo in page.photos {
                if let location = photo.links?.downloadLocation.flatMap({ URL(string: $0) }) { checkKeyStaysHome(location) }
            }
        }
    }

    /// The key is only ever sent to the base's own scheme, host and port, whatever URL a reply
    /// points at: checked on the request's text as a client library would read it.
    static func checkKeyStaysHome(_ url: URL) {
        let request = api.request(url)
        guard request.headers["Authorization"] != nil else { return }
        let text = request.url.absoluteString
        require(text.lowercased().hasPrefix("http://127.0.0.1:8123/"), "the key goes to \(text)")
        require(!request.followsRedirects, "the key could follow a redirect from \(text)")
    }

    /// The header block and the body: split at the first blank line.
    static func split(_ bytes: [UInt8]) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        for i in bytes.indices.dropLast() where bytes[i] == 0x0A {
            if bytes[i + 1] == 0x0A { return (bytes[..<i], bytes[(i + 2)...]) }
            if i + 2 < bytes.count, bytes[i + 1] == 0x0D, bytes[i + 2] == 0x0A { return (bytes[..<i], bytes[(i + 3)...]) }
        }
        return (bytes[...], [])
    }

    /// Header blocks and their list-valued fields.
    static func http(_ bytes: UnsafeRawBufferPointer) {
        let headers = HTTPHeaders(parsing: bytes.text)
        for field in headers.fields {
            require(!field.name.isEmpty && !field.name.contains(":"), "field name \(field.name.debugDescription)")
            require(headers[field.name] != nil, "field \(field.name) cannot be found again")
        }
        let link = headers.joined("Link") ?? bytes.text
        for relation in ["next", "last", "prev"] {
            if let target = LinkHeader.target(link, relation: relation) {
                require(link.contains("<" + target + ">"), "target \(target.debugDescription) is not one of the header's <…>")
            }
        }
        _ = headers.integer("X-Total")
        _ = headers.integer("X-Ratelimit-Remaining")
    }
}
