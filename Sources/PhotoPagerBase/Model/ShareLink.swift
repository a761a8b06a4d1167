import FoundationEssentials

/// The URL that "share" prints for a photo.
///
/// Unsplash's API guidelines ask apps to link back to the photo's page with
/// `utm_source=<app name>&utm_medium=referral`, so Unsplash and the photographer see where views
/// come from. Other http(s) pages and a local photo's `file://` URI are shared unchanged; any
/// other scheme (`javascript:`, `data:`, `ftp:`, a bare word) never is: the link is printed,
/// copied and handed on, and its text comes from strangers.
public enum ShareLink {
    /// The `utm_source` value: this app's name.
    public static let utmSource = "photopager"

    /// The only schemes ever shared.
    public static let schemes: Set<String> = ["http", "https", "file"]

    /// `links.html` (with the referral parameters when it is an unsplash.com page), else the
    /// largest image URL, else nil.
    ///
    /// A candidate with whitespace, control or format characters is skipped: the result is
    /// printed to stdout, often a terminal, so manifest text must not carry escape sequences.
    public static func url(for photo: Photo) -> String? {
        if let html = usable(photo.links?.html) {
            return isUnsplashPage(html) ? addingReferral(to: html) : html
        }
        return photo.urls.largestFirst.lazy.compactMap(usable).first
    }

    /// Why a photo with links has nothing to share: the first link refused for its scheme, e.g.
    /// `javascript:` (nil when there was no such link).
    public static func refusedScheme(for photo: Photo) -> String? {
        let candidates = [photo.links?.html] + photo.urls.largestFirst.map(Optional.some)
        return candidates.lazy.compactMap { candidate -> String? in
            guard let text = printable(candidate), scheme(of: text).map(schemes.contains) != true else { return nil }
            return scheme(of: text).map { $0 + ":" } ?? "schemeless"
        }.first
    }

    /// The candidate without surrounding whitespace, or nil when empty, unsafe to print or not
    /// an http, https or file URL.
    static func usable(_ candidate: String?) -> String? {
        guard let text = printable(candidate), let scheme = scheme(of: text), schemes.contains(scheme) else { return nil }
        return text
    }

    private static func printable(_ candidate: String?) -> String? {
        guard let text = candidate?.trimmingWhitespace, !text.isEmpty
        else { return nil }
        // Nearly every link is visible ASCII: no need to ask Unicode (a tenth of listing a folder).
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
        let safe = text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: false
            default: true
            }
        }
        return safe ? text : nil
    }

    /// The scheme, lower-cased: the letters before the first `:` (RFC 3986: a letter, then
    /// letters, digits, `+`, `-`, `.`); nil when there is none.
    public static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        let letter = { (c: Unicode.Scalar) in ("a" ... "z").contains(c) || ("A" ... "Z").contains(c) }
        guard let first = scheme.unicodeScalars.first, letter(first),
              scheme.unicodeScalars.allSatisfy({ letter($0) || ("0" ... "9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    /// True for http(s) URLs on unsplash.com or a subdomain (not "evilunsplash.com").
    public static func isUnsplashPage(_ url: String) -> Bool {
        // Most links shared are files': not worth parsing (a fiftieth of listing a folder).
        guard let scheme = scheme(of: url), scheme == "https" || scheme == "http" else { return false }
        guard let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = components.host?.lowercased()
        else { return false }
        return host == "unsplash.com" || host.hasSuffix(".unsplash.com")
    }

    /// `url` with `utm_source` and `utm_medium` set exactly once each.
    ///
    /// Works on the text rather than through `URLComponents.queryItems`, which would re-encode
    /// the other parameters. Existing UTM values are replaced: the guidelines want the app that
    /// shows the photo named, and that is this one.
    public static func addingReferral(to url: String) -> String {
        var rest = Substring(url)
        var fragment: Substring = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[hash...]
            rest = rest[..<hash]
        }
        var items: [Substring] = []
        if let question = rest.firstIndex(of: "?") {
            items = rest[rest.index(after: question)...].split(separator: "&")
            rest = rest[..<question]
        }
        for (name, value) in [("utm_source", utmSource), ("utm_medium", "referral")] {
            let parameter = Substring("\(name)=\(value)")
            let isThisName = { (item: Substring) in
                let key = item.prefix { $0 != "=" }
                return (key.percentDecoded ?? String(key)) == name
            }
            if let first = items.firstIndex(where: isThisName) {
                items[first] = parameter
                let later = items.index(after: first)
                items[later...].removeAll(where: isThisName)
            } else {
                items.append(parameter)
            }
        }
        return rest + "?" + items.joined(separator: "&") + fragment
    }
}
