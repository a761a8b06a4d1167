import PhotoPagerBase
import TerminalGraphics

/// Which renderer to use, and why (for `--verbose` and bug reports), with the profile of the
/// terminal it draws on.
public struct RendererDecision: Hashable, Sendable, CustomStringConvertible {
    public var renderer: RendererKind
    public var reason: String
    public var brand: TerminalBrand

    public init(_ renderer: RendererKind, reason: String, brand: TerminalBrand = .unknown) {
        self.renderer = renderer
        self.reason = reason
        self.brand = brand
    }

    public var description: String { "\(renderer.rawValue): \(reason)" }

    /// Images this renderer draws stay on screen under new text until cleared (Konsole's sixel
    /// and iTerm2 images; see `TerminalProfile.imagesOnOwnLayer`).
    public var imagesOnOwnLayer: Bool {
        (renderer == .sixel || renderer == .iterm2) && brand.profile.imagesOnOwnLayer
    }

    /// The terminal plays an animation's frames itself (kitty graphics, where it can).
    public var playsAnimations: Bool { renderer == .kitty && brand.profile.kittyAnimations }

    /// The terminal places part of an image it holds (kitty graphics, where it can).
    public var placesImageParts: Bool { renderer == .kitty && brand.profile.kittyCrops }

    /// The largest image the renderer may draw on this terminal, when it has a limit.
    public var imagePixelLimit: PixelSize? {
        renderer == .sixel ? brand.profile.sixelPixelLimit : nil
    }
}

/// Picks the renderer from the terminal's profile, the probe and `--renderer` — a pure function,
/// so the whole policy is one table of tests.
///
/// Order: `override` (unless nil/`auto`) > `PHOTOPAGER_RENDERER` > the first protocol that
/// the probe confirms (kitty's query answered OK, sixel in DA1) or that the brand vouches for
/// where the probe cannot see (iTerm2 images; anything when the terminal was silent), taking
/// the profile's order first and then kitty > iTerm2 > sixel > the profile's text renderer
/// (libcaca on the Linux console and on 16-colour terminals, else half blocks). An unknown
/// override is ignored and said so in the reason.
///
/// Inside a multiplexer its own answers count: tmux and screen pass no graphics unless they
/// draw sixel themselves. `throughTmux`: the probe went to the terminal around tmux through its
/// passthrough, so that terminal's answers decide, among the protocols tmux can carry.
public func chooseRenderer(capabilities: TerminalCapabilities, environment: [String: String],
                           override: String? = nil, throughTmux: Bool = false) -> RendererDecision {
    let hints = TerminalHints(environment: environment)
    let (brand, evidence) = TerminalBrand.identify(version: capabilities.version, hints: hints, behindMultiplexer: throughTmux)
    var note = ""
    if let override = override?.lowercased(), !override.isEmpty, override != "auto" {
        if let name = RendererKind(rawValue: override) {
            return RendererDecision(name, reason: "--renderer \(override)", brand: brand)
        }
        note = "unknown renderer '\(override)' ignored; "
    }
    if let forced = RendererKind(rawValue: hints.rendererOverride) {
        return RendererDecision(forced, reason: note + "\(TerminalHints.overrideVariable)=\(forced.rawValue)", brand: brand)
    }
    var skipped = ""
    let reason = graphicsRenderer(brand, capabilities, throughTmux: throughTmux, skipped: &skipped)
        ?? textRenderer(brand, hints, evidence: evidence)
    return RendererDecision(reason.0, reason: note + (throughTmux ? "through tmux passthrough: " : "") + skipped + reason.1,
                            brand: brand)
}

/// What tmux's passthrough carries: sixel and kitty graphics, each image placed and wrapped on
/// its own (`TmuxPassthrough`). iTerm2's images are one sequence per photo, over tmux's 1 MiB.
let drawableThroughTmux: Set<RendererKind> = [.sixel, .kitty]

/// `skipped` notes a protocol the terminal draws that tmux cannot carry yet.
private func graphicsRenderer(_ brand: TerminalBrand, _ capabilities: TerminalCapabilities,
                              throughTmux: Bool, skipped: inout String) -> (RendererKind, String)? {
    let profile = brand.profile
    let silent = !capabilities.answeredDA1
    var order = profile.protocols
    if !profile.multiplexer {
        order += [RendererKind.kitty, .iterm2, .sixel].filter { !order.contains($0) }
    }
    let name = brand == .unknown ? "the terminal" : brand.rawValue
    for kind in order {
        let confirmed: String?
        switch kind {
        case .kitty where capabilities.kittyGraphics: confirmed = "the terminal answered the kitty graphics query"
        case .sixel where capabilities.sixel:
            confirmed = profile.multiplexer ? "\(name) draws sixel itself (its DA1 lists 4)" : "DA1 lists sixel (4)"
        case .iterm2 where profile.protocols.contains(.iterm2): confirmed = "\(name) draws iTerm2 images"
        // A multiplexer always answers; what it draws itself it must say.
        case _ where silent && !profile.multiplexer && profile.protocols.contains(kind):
            confirmed = "\(name) draws \(kind.rawValue) (terminal did not answer the probe)"
        default: confirmed = nil
        }
        guard let confirmed else { continue }
        if throughTmux && !drawableThroughTmux.contains(kind) {
            if skipped.isEmpty { skipped = "\(kind.rawValue) images are not drawn through tmux yet; " }
            continue
        }
        return (kind, confirmed)
    }
    return nil
}

private func textRenderer(_ brand: TerminalBrand, _ hints: TerminalHints, evidence: String) -> (RendererKind, String) {
    let profile = brand.profile
    if profile.multiplexer { return (.blocks, "inside \(brand.rawValue) (\(evidence)): graphics do not pass through") }
    if profile.text == .caca { return (.caca, "\(brand.rawValue) (\(evidence)): 16 colours") }
    if ColorDepth.detect(hints) == .palette16 { return (.caca, "16 colours (TERM=\(hints.term), no COLORTERM)") }
    return (.blocks, "no graphics protocol; colour text (TERM=\(hints.term))")
}
