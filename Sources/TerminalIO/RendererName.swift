/// A way to draw photos, as named on the command line (`--renderer NAME`).
///
/// The raw values are exactly those of TerminalGraphics' `RendererKind` (which this module does
/// not depend on): the app converts with `RendererKind(rawValue: name.rawValue)`.
public enum RendererName: String, CaseIterable, Hashable, Sendable {
    case sixel, kitty, iterm2, blocks, caca
}
