import FoundationEssentials

/// The URL that "share" prints for a photo.
///
/// Unsplash's API guidelines ask apps to link back to the photo's page with
/// `utm_source=<app name>&utm_medium=referral`, so Unsplash and the photographer see where views
/// come from. Anything else (a `file://` URI for a local photo, another site) is shared unchanged.
public enum ShareLink {
    /// The `utm_source` value: this app's name.
    public static let utmSource = "photopager"

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

    /// The candidate without surrounding whitespace, or nil when empty or unsafe to print.
    static func usable(_ candidate: String?) -> String? {
        guard let text = candidate?.trimmingWhitespace, !text.isEmpty
        else { return nil }
        let safe = text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: false
            default: true
            }
        }
        return safe ? text : nil
    }

    /// True for http(s) URLs on unsplash.com or a subdomain (not "evilunsplash.com").
    static func isUnsplashPage(_ url: String) -> Bool {
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
    static func addingReferral(to url: String) -> String {
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
