extension TerminalText {
    /// The ellipsis that marks cut text: one column wide.
    public static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns, ending in "…" when anything was cut.
    ///
    /// Cuts only between grapheme clusters, so an accent is never parted from its letter nor an
    /// emoji sequence broken. A wide character that does not fit is dropped whole, so the result
    /// may be one column short of `width`; callers pad. `width` ≤ 0 gives "".
    public static func truncated(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth(text) <= width { return text }
        let budget = width - 1 // room for the ellipsis
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let columns = displayWidth(of: text[index])
            if used + columns > budget { break }
            used += columns
            end = text.index(after: index)
        }
        return String(text[..<end]) + String(ellipsis)
    }
}
