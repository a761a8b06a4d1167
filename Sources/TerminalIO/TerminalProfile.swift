import PhotoPagerBase
import TerminalGraphics

/// What we know about one terminal brand: the one table the renderer choice, the probe, the
/// colour depth, the image size limit and the tmux hint read (see `TerminalBrand.profile`).
public struct TerminalProfile: Hashable, Sendable {
    /// The graphics protocols it draws, best first. The probe confirms kitty (the query) and
    /// sixel (DA1) where it can; iTerm2's images have no query, so the brand alone vouches.
    public var protocols: [RendererKind] = []
    /// Draws 24-bit colour even when `COLORTERM` does not say so (ssh drops it).
    public var truecolor = false
    /// The largest sixel image it shows; larger ones are dropped whole.
    public var sixelPixelLimit: PixelSize?
    /// Sending it the kitty graphics query (an APC string) is harmless: the Linux console prints
    /// it, and tmux and screen take an APC for a window title.
    public var kittyQuerySafe = true
    /// It is a multiplexer: it answers the probe itself and passes no graphics of its own accord.
    public var multiplexer = false
    /// How a sequence reaches the terminal around this multiplexer, if it can.
    public var passthrough: PassthroughKind?
    /// The text renderer for photos when no graphics protocol is available.
    public var text: RendererKind = .blocks
    /// Its sixel and iTerm2 images lie on a layer of their own (Konsole): text written over
    /// them, or erased (EL, ECH, ED 0/1), leaves them on screen; only a screen clear (ED 2) or
    /// an image covering their whole box removes them, and a sixel's last band of 6 pixels is
    /// drawn whole, reaching into the row below when the height is not a multiple of 6.
    public var imagesOnOwnLayer = false
    /// Its kitty graphics play animation frames added to an image (`a=f`); Konsole's do not,
    /// so the app sends each frame itself there.
    public var kittyAnimations = true
    /// Its kitty graphics place part of an image they hold (`a=p` with `x`, `y`, `w`, `h`): a
    /// zoomed pan is then a placement. Konsole's: not verified, so not asked of it.
    public var kittyCrops = true

    public enum PassthroughKind: Sendable, Hashable {
        /// `ESC P tmux;` … `ESC \` with every ESC doubled (`Passthrough.tmux`).
        case tmux
    }
}

extension TerminalBrand {
    /// The table. One exhaustive switch, so a new brand cannot be added without its facts.
    public var profile: TerminalProfile {
        switch self {
        case .xterm:
            // `xterm -ti vt340` draws sixel, as DA1 says; its default maxGraphicSize is 1000×1000.
            return TerminalProfile(protocols: [.sixel], sixelPixelLimit: Self.xtermSixelLimit)
        case .kitty, .ghostty:
            return TerminalProfile(protocols: [.kitty], truecolor: true)
        case .wezterm:
            // Its iTerm2 images are always on and the best of its three; its kitty graphics are
            // off unless configured, and its sixel is quantised.
            return TerminalProfile(protocols: [.iterm2, .kitty, .sixel], truecolor: true)
        case .iterm2:
            return TerminalProfile(protocols: [.iterm2], truecolor: true)
        case .foot:
            return TerminalProfile(protocols: [.sixel], truecolor: true)
        case .mlterm, .contour, .mintty, .yaft:
            return TerminalProfile(protocols: [.sixel])
        case .konsole:
            // 22.12 draws kitty graphics right (direct transmission in chunks, a=t then a=p,
            // placement into a c×r box, deletion by id, the a=q answer; no animation frames):
            // better than its sixel, which stays on screen under new text.
            return TerminalProfile(protocols: [.kitty, .sixel], imagesOnOwnLayer: true, kittyAnimations: false, kittyCrops: false)
        case .sixelKonsole:
            return TerminalProfile(protocols: [.sixel], imagesOnOwnLayer: true)
        case .vte:
            // VTE draws sixel only when built with it (0.76 on), which DA1 tells.
            return TerminalProfile(protocols: [.sixel], truecolor: true)
        case .olderKonsole:
            return TerminalProfile()
        case .linuxConsole:
            return TerminalProfile(kittyQuerySafe: false, text: .caca)
        case .tmux:
            // tmux 3.4+ built with sixel draws sixel itself and says so in its own DA1 (`4`).
            return TerminalProfile(protocols: [.sixel], kittyQuerySafe: false, multiplexer: true, passthrough: .tmux)
        case .zellij:
            // Zellij draws sixel itself (0.31 on), and answers DA1 itself.
            return TerminalProfile(protocols: [.sixel], kittyQuerySafe: false, multiplexer: true)
        case .screen:
            return TerminalProfile(kittyQuerySafe: false, multiplexer: true)
        case .unknown:
            // xterm is the commonest sixel terminal, and a silent one does not name itself: its
            // limit is the safe guess.
            return TerminalProfile(sixelPixelLimit: Self.xtermSixelLimit)
        }
    }

    private static let xtermSixelLimit = PixelSize(width: 1000, height: 1000)
}
