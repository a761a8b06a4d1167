import TerminalGraphics

/// Which renderer to use, and why (for `--verbose` and bug reports).
public struct RendererDecision: Hashable, Sendable, CustomStringConvertible {
    public var renderer: RendererKind
    public var reason: String

    public init(_ renderer: RendererKind, reason: String) {
        self.renderer = renderer
        self.reason = reason
    }

    public var description: String { "\(renderer.rawValue): \(reason)" }
}

/// Picks the renderer from the probe, the environment and `--renderer` — a pure function, so the
/// whole policy is one table of tests.
///
/// Order: `override` (unless nil/`auto`) > `PHOTOPAGER_RENDERER` > inside tmux/screen: half blocks
/// (graphics would not pass through) > Linux console: libcaca > kitty (query answered OK; or, if
/// the terminal was silent, kitty's variables) > iTerm2 (XTVERSION or `TERM_PROGRAM`/
/// `LC_TERMINAL`) > sixel (DA1 has 4; or, if silent, a sixel terminal's `TERM`) > libcaca on
/// 16-colour terminals > half blocks. An unknown override is ignored and said so in the reason.
///
/// `throughTmux`: the probe went to the terminal around tmux through its passthrough, so the
/// multiplexer rule does not apply: that terminal's answers decide.
public func chooseRenderer(capabilities: TerminalCapabilities, environment: [String: String],
                           override: String? = nil, throughTmux: Bool = false) -> RendererDecision {
    let hints = TerminalHints(environment: environment)
    var note = ""
    if let override = override?.lowercased(), !override.isEmpty, override != "auto" {
        if let name = RendererKind(rawValue: override) { return RendererDecision(name, reason: "--renderer \(override)") }
        note = "unknown renderer '\(override)' ignored; "
    }
    var decision = automaticRenderer(capabilities, hints, throughTmux: throughTmux)
    // Through tmux only sixel is drawn right for now: kitty placements land away from the pane's
    // cursor and outlive a window switch (seen in kitty 0.26 behind tmux 3.3a).
    if throughTmux, decision.renderer == .kitty || decision.renderer == .iterm2 {
        decision = RendererDecision(.blocks, reason: "\(decision.renderer.rawValue) images are not drawn through tmux yet")
    }
    return RendererDecision(decision.renderer, reason: note + (throughTmux ? "through tmux passthrough: " : "") + decision.reason)
}

private func automaticRenderer(_ capabilities: TerminalCapabilities, _ hints: TerminalHints,
                               throughTmux: Bool) -> RendererDecision {
    let silent = !capabilities.answeredDA1
    if let forced = RendererKind(rawValue: hints.rendererOverride) {
        return RendererDecision(forced, reason: "\(TerminalHints.overrideVariable)=\(forced.rawValue)")
    }
    if !throughTmux, let multiplexer = hints.multiplexer {
        return RendererDecision(.blocks, reason: "inside \(multiplexer): graphics do not pass through")
    }
    if hints.term == "linux" {
        return RendererDecision(.caca, reason: "Linux console (TERM=linux): 16 colours")
    }
    if capabilities.kittyGraphics {
        return RendererDecision(.kitty, reason: "the terminal answered the kitty graphics query")
    }
    if silent, let hint = hints.kittyHint {
        return RendererDecision(.kitty, reason: "\(hint) (terminal did not answer the probe)")
    }
    if let version = capabilities.version, version.hasPrefix("iTerm2") || version.hasPrefix("WezTerm") {
        return RendererDecision(.iterm2, reason: "XTVERSION \(version)")
    }
    if let hint = hints.iterm2Hint {
        return RendererDecision(.iterm2, reason: hint)
    }
    if capabilities.sixel {
        return RendererDecision(.sixel, reason: "DA1 lists sixel (4)")
    }
    if silent, let hint = hints.sixelHint {
        return RendererDecision(.sixel, reason: "\(hint) (terminal did not answer the probe)")
    }
    if hints.colorDepth == .palette16 {
        return RendererDecision(.caca, reason: "16 colours (TERM=\(hints.term), no COLORTERM)")
    }
    return RendererDecision(.blocks, reason: "no graphics protocol; colour text (TERM=\(hints.term))")
}
