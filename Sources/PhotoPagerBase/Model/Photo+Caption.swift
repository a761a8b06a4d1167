extension Photo {
    /// What to print under a thumbnail and in the pager's top bar: the photographer, or for a
    /// local file with no EXIF Artist, the file's name (a person browsing ~/Pictures recognises
    /// `IMG_2041.jpg`; an empty caption tells them nothing). Not sanitised: callers draw it
    /// through the text painter, which is.
    public var caption: String {
        let name = user.displayName
        if !name.isEmpty { return name }
        for candidate in [links?.html, urls.raw] {
            guard let candidate, candidate.hasPrefix("file://"),
                  let last = candidate.split(separator: "/").last else { continue }
            return last.percentDecoded ?? String(last)
        }
        return ""
    }
}
