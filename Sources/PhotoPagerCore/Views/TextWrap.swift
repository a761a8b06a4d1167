import PhotoPagerBase

/// Word wrapping by display width, for the info panel's expanded rows and error tiles.
enum TextWrap {
    /// `text` (sanitised first) broken into lines at most `width` columns wide: at spaces where
    /// possible, inside a word only when the word alone is wider than a line (long URLs). Never
    /// returns an empty array for non-empty text; `width` ≤ 0 gives no lines.
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in TerminalText.sanitized(text).split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = TerminalText.displayWidth(String(word))
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            for character in word {
                let characterWidth = TerminalText.displayWidth(of: character)
                if lineWidth + characterWidth > width && lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if lineWidth > 0 || !line.isEmpty { lines.append(line) }
        return lines
    }
}
