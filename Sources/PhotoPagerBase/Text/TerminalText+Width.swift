extension TerminalText {
    /// The number of terminal columns `text` occupies.
    ///
    /// Counted per grapheme cluster (what the user sees as one character), as modern terminals
    /// do: a cluster is 2 columns when its first scalar is East Asian Wide/Fullwidth (CJK, Hangul,
    /// fullwidth forms; see ``WideCharacters``) or an emoji with emoji presentation, or when it is
    /// a text-default emoji followed by VS16 (U+FE0F); 0 when it starts with a combining mark, a
    /// format character (zero-width space, ZWJ, …) or a control; else 1. So an emoji ZWJ
    /// sequence or a flag counts as one 2-column glyph. Emoji status comes from the standard
    /// library's Unicode data, which tracks new emoji without a hand-kept table.
    public static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + displayWidth(of: $1) }
    }

    /// The columns of one grapheme cluster: 0, 1 or 2.
    public static func displayWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isZeroWidth(first) { return 0 }
        if WideCharacters.contains(first) || first.properties.isEmojiPresentation { return 2 }
        if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        return 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default:
            // Hangul medial vowels and final consonants join the preceding syllable.
            return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
        }
    }
}
