/// One thing the terminal told us: a key, a mouse report, a paste, or a reply to a query.
///
/// Replies travel on the same byte stream as keys, so one decoder must tell them apart; they are
/// events like any other and `update` decides what to do with them (most only matter to the probe).
public enum InputEvent: Hashable, Sendable {
    case key(Key, modifiers: KeyModifiers = [])
    case mouse(MouseEvent)
    /// Bracketed paste (`CSI 200~ … CSI 201~`), sanitised by `PasteText`: text that was pasted
    /// must never act as keys, so it arrives whole and inert.
    case paste(String)
    case focusIn, focusOut
    /// Cursor position report, 0-based. See `ControlSequence` for how `CSI 1 ; 2 R` (also Shift+F3)
    /// is told apart.
    case cursorPosition(row: Int, column: Int)
    /// Primary device attributes (`CSI ? 62 ; 4 c`): the parameters; `4` means sixel.
    case deviceAttributes([Int])
    /// XTVERSION (`DCS > | text ST`), e.g. `XTerm(379)` or `kitty(0.26.5)`, sanitised.
    case terminalVersion(String)
    case kittyGraphics(KittyGraphicsReply)
    case windowSize(WindowSizeReport)
    /// A well-formed sequence the decoder does not interpret (or a bounded prefix of an over-long
    /// one), as raw bytes, so callers can log it and otherwise ignore it.
    case unknown([UInt8])
}

extension InputEvent {
    /// The same event with `extra` modifiers added (an ESC prefix means Alt); replies carry none.
    func adding(_ extra: KeyModifiers) -> InputEvent {
        guard !extra.isEmpty else { return self }
        switch self {
        case .key(let key, let modifiers):
            return .key(key, modifiers: modifiers.union(extra))
        case .mouse(var mouse):
            mouse.modifiers.formUnion(extra)
            return .mouse(mouse)
        default:
            return self
        }
    }
}
