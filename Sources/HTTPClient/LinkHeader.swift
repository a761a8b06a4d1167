import PhotoPagerBase

/// The `Link` header of paginated replies (RFC 8288):
/// `<https://api.unsplash.com/photos?page=2>; rel="next", <…?page=9>; rel="last"`.
public enum LinkHeader {
    /// The target of the first link with relation `relation`, if any.
    public static func target(_ header: String?, relation: String) -> String? {
        guard let header else { return nil }
        for link in splitLinks(header) {
            guard let open = link.firstIndex(of: "<"), let close = link[open...].firstIndex(of: ">") else { continue }
            let target = String(link[link.index(after: open) ..< close])
            let parameters = link[link.index(after: close)...].split(separator: ";")
            for parameter in parameters {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(\.trimmingWhitespace)
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let relations = pair[1].trimmingQuotes
                    .lowercased().split(separator: " ")
                if relations.contains(Substring(relation.lowercased())) { return target }
            }
        }
        return nil
    }

    /// Splits at commas outside `<…>` (URLs may hold commas).
    private static func splitLinks(_ header: String) -> [Substring] {
        var links: [Substring] = []
        var start = header.startIndex
        var inside = false
        for index in header.indices {
            switch header[index] {
            case "<": inside = true
            case ">": inside = false
            case "," where !inside:
                links.append(header[start ..< index])
                start = header.index(after: index)
            default: break
            }
        }
        links.append(header[start...])
        return links
    }
}

private extension String {
    var trimmingQuotes: String {
        var text = Substring(self)
        while text.first == "\"" { text.removeFirst() }
        while text.last == "\"" { text.removeLast() }
        return String(text)
    }
}
