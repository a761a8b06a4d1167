extension Photo {
    /// What to print under a thumbnail and in the pager's top bar: the photographer, or for a
    /// local file with no EXIF Artist (or a library's photo with no owner named), the file's
    /// name (a person browsing ~/Pictures recognises `IMG_2041.jpg`; an empty caption tells them
    /// nothing); a video says so first, with its length. Not sanitised: callers draw it
    /// through the text painter, which is.
    public var caption: String {
        (videoDuration.map { "[video \(Self.clock($0))] " } ?? "") + name
    }

    /// The photographer, else the file's name (a library's own name for it, or a local file's).
    private var name: String {
        let name = user.displayName
        if !name.isEmpty { return name }
        if let fileName { return fileName }
        for candidate in [links?.html, urls.raw] {
            guard let candidate, candidate.hasPrefix("file://"),
                  let last = candidate.split(separator: "/").last else { continue }
            return last.percentDecoded ?? String(last)
        }
        return ""
    }

    /// "0:05", "1:02:03": a video's length as players show it.
    public static func clock(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded()))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}
