/// Helpers for putting untrusted text (file names, titles, user names) on a terminal.
///
/// The order of use is `sanitized` first (safety), then `displayWidth` / `truncated` (layout):
/// width and truncation assume the text has no control characters left.
public enum TerminalText {
    /// `text` with everything that could drive the terminal removed.
    ///
    /// Why: a file name or a manifest title such as `"evil\u{1b}]52;c;…\u{07}"` would otherwise
    /// run as an escape sequence (here: write to the clipboard), and bidi overrides can make text
    /// read differently from what it is ("Trojan Source").
    /// - Newlines, tabs, vertical tab, form feed, NEL and the Unicode line/paragraph separators
    ///   become one space each (CR LF becomes one space), so words stay apart on one line.
    /// - Other C0 controls (including ESC and BEL), DEL and C1 controls (U+0080–U+009F, e.g. the
    ///   8-bit CSI U+009B) are removed.
    /// - Bidi embeddings/overrides U+202A–U+202E and isolates U+2066–U+2069 are removed.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { action(for: $0) != .keep }) else { return text }
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch action(for: scalar) {
            case .keep: result.append(scalar)
            case .space: if !(afterCarriageReturn && scalar == "\n") { result.append(" ") }
            case .remove: break
            }
        }
        return String(result)
    }

    private enum Action { case keep, space, remove }

    private static func action(for scalar: Unicode.Scalar) -> Action {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: .space
        case 0x00...0x1F, 0x7F...0x9F: .remove
        case 0x202A...0x202E, 0x2066...0x2069: .remove
        default: .keep
        }
    }
}
