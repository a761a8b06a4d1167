/// What is drawn around and over the photos besides the grid and the pager: the info panel,
/// the key map, and the status line's one-line notice.
public struct Chrome: Sendable, Hashable {
    /// `i`: the info panel, its rows and the details asked for.
    public internal(set) var info = InfoPanelState()
    /// `?`: the key map over everything.
    public internal(set) var keyMap = KeyMapOverlay()
    /// A message in the status line, until the next key.
    public internal(set) var notice: Notice?
    /// A question the next key answers (y or not).
    public internal(set) var question: Question?

    public enum Question: Sendable, Hashable {
        /// Move these photos (the marked ones) to the trash?
        case trash([String])
        /// Ctrl-X: which key for the key handler?
        case handlerKey
    }

    /// A one-line message in the status line, until the next key.
    public enum Notice: Sendable, Hashable {
        /// The URL just shared (shown as a link); `copied` tells whether it went to the clipboard.
        case shared(url: String, copied: Bool)
        /// The photo has no web page or file URI to share; `refused` names the scheme of a link
        /// it had that is never shared (e.g. `javascript:`).
        case nothingToShare(refused: String?)
        /// A plain message: a network failure, the rate limit, offline.
        case message(String)
    }
}
