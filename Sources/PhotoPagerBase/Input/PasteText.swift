/// Bracketed paste: its markers and how pasted bytes become safe text.
enum PasteText {
    /// `CSI 200 ~`, which the terminal sends before pasted text.
    static let start: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    /// `CSI 201 ~`, which ends it. Nothing inside a paste is interpreted until this arrives.
    static let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// How many bytes of `end` are matched after `byte`, given `matched` before it. `end` has no
    /// proper prefix that is also a suffix, except through its single ESC, so a mismatch restarts
    /// at 1 (this byte is ESC) or 0.
    static func advance(_ matched: Int, with byte: UInt8) -> Int {
        if byte == end[matched] { return matched + 1 }
        return byte == end[0] ? 1 : 0
    }

    /// Pasted bytes as text that cannot drive the terminal or the app: invalid UTF-8 becomes
    /// U+FFFD; CR LF and lone CR become LF (what a pasted line break means), LF and tab stay
    /// because multi-line pastes are legitimate; every other C0/C1 control, DEL and the bidi
    /// overrides/isolates are removed (a pasted `ESC [ 2 J` must not clear anything). Callers
    /// that need a single line flatten further with `TerminalText.sanitized`.
    static func sanitized(_ bytes: some Collection<UInt8>) -> String {
        var output = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0D: output.append("\n")
            case 0x0A: if !afterCarriageReturn { output.append("\n") }
            case 0x09: output.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
