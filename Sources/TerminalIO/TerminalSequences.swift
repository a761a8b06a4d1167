/// The escape sequences that put a terminal into the app's state and take it back out.
///
/// Kept apart from `TerminalSession` so the exact bytes are one readable list and tests can
/// compare them literally. Leaving undoes entering in reverse order.
public enum TerminalSequences {
    static let csi = "\u{1B}["

    /// Alternate screen (`?1049`, which also saves the cursor), hidden cursor, SGR mouse with
    /// button-event tracking (`?1000` press/release, `?1002` drags, `?1006` the SGR encoding that
    /// has no 223-column limit), bracketed paste, optionally focus reports.
    public static func enter(mouse: Bool, bracketedPaste: Bool, focusEvents: Bool) -> [UInt8] {
        var text = csi + "?1049h" + csi + "?25l"
        if mouse { text += csi + "?1000h" + csi + "?1002h" + csi + "?1006h" }
        if bracketedPaste { text += csi + "?2004h" }
        if focusEvents { text += csi + "?1004h" }
        return Array(text.utf8)
    }

    /// The reverse of `enter`, then SGR reset. First it ends synchronized output in case an error
    /// cut a frame short — a terminal left in a sync update shows nothing new — as a begin and an
    /// end (`?2026h?2026l`), never a bare end: kitty logs an end outside an update as the
    /// application's bug ("Pending mode stop command issued while not in pending mode"), and a
    /// begin inside a cut-short update changes nothing. Then `extra` (e.g. kitty's
    /// delete-all-images), which must run while still on the alternate screen where those
    /// images live.
    public static func leave(mouse: Bool, bracketedPaste: Bool, focusEvents: Bool, extra: [UInt8]) -> [UInt8] {
        var bytes = Array((csi + "?2026h" + csi + "?2026l").utf8) + extra
        var text = ""
        if focusEvents { text += csi + "?1004l" }
        if bracketedPaste { text += csi + "?2004l" }
        if mouse { text += csi + "?1006l" + csi + "?1002l" + csi + "?1000l" }
        text += csi + "?25h" + csi + "?1049l" + csi + "0m"
        bytes += Array(text.utf8)
        return bytes
    }

    /// kitty graphics: delete every image placement (`a=d` with no target = all visible ones).
    /// The app adds this to `TerminalSession.extraLeaveBytes` when it drew with kitty.
    public static let kittyDeleteAllImages: [UInt8] = Array("\u{1B}_Ga=d\u{1B}\\".utf8)
}
