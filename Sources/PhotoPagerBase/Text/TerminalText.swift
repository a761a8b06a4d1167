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
    /// - Whole escape sequences go, not just their ESC: CSI (`ESC [` or 8-bit U+009B) through its
    ///   final byte; OSC, DCS, APC, PM and SOS (`ESC ] P _ ^ X` or 8-bit) through BEL or ST (an
    ///   unterminated one to the end of the text); other `ESC x` pairs. Leaving `[31;1m` behind
    ///   would be safe but reads as garbage.
    /// - Newlines, tabs, vertical tab, form feed, NEL and the Unicode line/paragraph separators
    ///   become one space each (CR LF becomes one space), so words stay apart on one line.
    /// - Other C0 controls (BEL, NUL…), DEL and the remaining C1 controls are removed.
    /// - Bidi embeddings/overrides U+202A–U+202E and isolates U+2066–U+2069 are removed.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { action(for: $0) != .keep }) else { return text }
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        var state = EscapeState.text
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch state {
            case .escape:
                // Intermediates (0x20–0x2F) continue the sequence; what follows picks its kind.
                switch value {
                case 0x5B: state = .controlSequence
                case 0x5D, 0x50, 0x5F, 0x5E, 0x58: state = .controlString
                case 0x20 ... 0x2F: continue
                default: state = .text
                }
                continue
            case .controlSequence:
                if (0x20 ... 0x3F).contains(value) { continue }          // parameters, intermediates
                state = .text
                if (0x40 ... 0x7E).contains(value) { continue }          // final byte
            case .controlString:
                if value == 0x07 || value == 0x9C { state = .text }       // BEL or 8-bit ST
                else if value == 0x1B { state = .stringEscape }
                continue
            case .stringEscape:
                state = value == 0x5C ? .text : .controlString          // ESC \ is ST
                continue
            case .text:
                break
            }
            switch value {
            case 0x1B: state = .escape; continue
            case 0x9B: state = .controlSequence; continue
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString; continue
            default: break
            }
            defer { afterCarriageReturn = scalar == "\r" }
            switch action(for: scalar) {
            case .keep: result.append(scalar)
            case .space: if !(afterCarriageReturn && scalar == "\n") { result.append(" ") }
            case .remove: break
            }
        }
        return String(result)
    }

    /// Where the sanitiser is inside an escape sequence.
    private enum EscapeState { case text, escape, controlSequence, controlString, stringEscape }

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
