import FoundationEssentials
import HTTPClient
import PhotoPagerBase

/// What went wrong talking to an Immich server, in the words the status line and stderr show.
/// The server's own message is quoted, sanitised and cut short: it is a stranger's text.
public enum ImmichError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401: no key, a wrong one, or one revoked or expired.
    case keyRefused(String)
    /// 403: the key lacks a permission (the server names it: `asset.view`, `asset.download`…).
    case forbidden(String)
    case notFound(String)
    /// 400 and other refusals with the server's message.
    case refused(Int, String)
    /// A version this client does not speak.
    case tooOld(String)
    case malformed(String)
    case network(HTTPError)
    /// Not a usable server address (`--immich URL`).
    case badAddress(String)

    public var description: String {
        switch self {
        case .keyRefused(let message):
            "the Immich server refused the API key (\(message)): check --immich-key, IMMICH_API_KEY or immich_api_key in the config file"
        case .forbidden(let message):
            if let permission = Self.missingPermission(message) {
                "the Immich API key lacks the \(permission) permission\(Self.purposes[permission].map { ", which " + $0 } ?? ""): "
                    + "give the key it in the web app (Account settings → API keys)"
            } else {
                "the Immich API key may not do this: \(message)"
            }
        case .notFound(let what): "not found on the Immich server: \(what)"
        case .refused(let status, let message): "the Immich server answered HTTP \(status)\(message.isEmpty ? "" : ": " + message)"
        case .tooOld(let version): "this Immich server is version \(version); photopager needs 2.0 or newer"
        case .malformed(let detail): "the Immich server sent a reply photopager cannot read: \(detail)"
        case .network(.timedOut): "the Immich server did not answer in time"
        case .network(let error): "cannot reach the Immich server: \(error)"
        case .badAddress(let text): "not an Immich server address: \(text) (give its origin, e.g. https://photos.example.org)"
        }
    }

    /// True when a kept copy should be shown instead (offline, server trouble).
    public var prefersCache: Bool {
        switch self {
        case .network: true
        case .refused(let status, _): status >= 500
        default: false
        }
    }

    /// The error a reply's status and body amount to; nil for a success.
    static func from(status: Int, body: Data, what: String) -> ImmichError? {
        let message = Self.message(body)
        switch status {
        case 200 ..< 300: return nil
        case 401: return .keyRefused(message.isEmpty ? "Authentication required" : message)
        case 403: return .forbidden(message.isEmpty ? "forbidden" : message)
        case 404: return .notFound(what)
        default: return .refused(status, message)
        }
    }

    /// What photopager does with each permission a key may lack, in the words of a 403's message.
    static let purposes: [String: String] = [
        "asset.read": "browsing and searching the library needs",
        "asset.view": "thumbnails and previews need",
        "asset.download": "zooming past the preview and d (download) need",
        "asset.update": "F (favourite) and ratings need",
        "album.read": "--album needs",
        "person.read": "--person needs",
        "sharedLink.create": "P (public link) needs",
    ]

    /// The permission a 403 names ("Missing required permission: asset.download"), when it is
    /// one a key can be given (letters and dots: never a stranger's text).
    static func missingPermission(_ message: String) -> String? {
        let prefix = "Missing required permission: "
        guard message.hasPrefix(prefix) else { return nil }
        let name = String(message.dropFirst(prefix.count)).trimmingWhitespace
        guard !name.isEmpty, name.count <= 40,
              name.unicodeScalars.allSatisfy({ ("a" ... "z").contains($0) || ("A" ... "Z").contains($0) || $0 == "." })
        else { return nil }
        return name
    }

    /// `{"message": "…"}` (v2 and v3 alike), made safe to print; "" when there is none.
    static func message(_ body: Data) -> String {
        struct Reply: Decodable { var message: Lenient<String>? }
        guard let text = (try? JSONDecoder().decode(Reply.self, from: body.prefix(64 << 10)))?.message?.value else { return "" }
        return String(TerminalText.sanitized(text).prefix(200))
    }
}
