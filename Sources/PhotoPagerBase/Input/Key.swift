/// A key on the keyboard, as far as terminal encodings can tell keys apart.
///
/// `character` carries a `Character` rather than a byte because letters arrive as UTF-8 and the
/// app matches `"q"` and `"é"` alike. A shifted letter arrives as its capital (`"G"`) without
/// `.shift`: that is all the terminal sends, so the decoder does not invent more.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backspace, delete, insert
    /// `function(1)` is F1. Terminals send F1–F12 plainly; some send F13–F20 for shifted ones.
    case function(Int)
    case character(Character)
}
