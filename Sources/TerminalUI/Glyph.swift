import PhotoPagerBase

/// One character made safe to write, with its width.
struct Glyph {
    var character: Character
    var width: Int
    var isWidthAmbiguous: Bool

    static let space = Glyph(character: " ", width: 1, isWidthAmbiguous: false)

    init(character: Character, width: Int, isWidthAmbiguous: Bool) {
        self.character = character
        self.width = width
        self.isWidthAmbiguous = isWidthAmbiguous
    }

    /// Controls (C0, DEL, C1) and bidi overrides are removed with `TerminalText.sanitized`; what
    /// is left empty, or has no width (a lone combining mark would merge into the previous cell
    /// and desynchronise the cursor), becomes a space.
    init(_ character: Character) {
        if let ascii = character.asciiValue {
            self = (0x20...0x7E).contains(ascii) ? Glyph(character: character, width: 1, isWidthAmbiguous: false) : .space
            return
        }
        var safe = character
        if character.unicodeScalars.contains(where: Glyph.isUnsafe) {
            guard let first = TerminalText.sanitized(String(character)).first else {
                self = .space
                return
            }
            safe = first
        }
        let width = TerminalText.displayWidth(of: safe)
        guard width > 0, !safe.unicodeScalars.contains(where: Glyph.isUnsafe) else {
            self = .space
            return
        }
        let scalars = safe.unicodeScalars
        let ambiguous = scalars.count > 1 || scalars.first?.properties.isEmoji == true
        self.init(character: safe, width: width, isWidthAmbiguous: ambiguous)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
