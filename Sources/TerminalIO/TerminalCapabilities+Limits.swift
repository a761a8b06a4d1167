import PhotoPagerCore
import TerminalGraphics

extension TerminalCapabilities {
    /// The largest image `renderer` may draw on this terminal, when it has a limit: xterm
    /// ignores sixel images over 1000×1000 pixels (its default maxGraphicSize). A silent
    /// terminal drawing sixel is treated as xterm too, the common case and the safe guess.
    public func imagePixelLimit(for renderer: RendererKind) -> GridLayout.PixelSize? {
        guard renderer == .sixel, version?.hasPrefix("XTerm") ?? true else { return nil }
        return GridLayout.PixelSize(width: 1000, height: 1000)
    }
}
