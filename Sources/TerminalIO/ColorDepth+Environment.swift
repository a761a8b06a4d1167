import TerminalGraphics

extension ColorDepth {
    /// The depth an environment promises.
    public static func detect(environment env: [String: String]) -> ColorDepth {
        detect(TerminalHints(environment: env))
    }

    /// `COLORTERM` is the only reliable truecolor signal (terminfo has no portable flag for it);
    /// `256color` in `TERM` is the usual 256-colour one. Terminals whose profile says they always
    /// do truecolor (kitty, iTerm2, WezTerm, foot, Ghostty, VTE) are recognised by their own
    /// variables, so ssh sessions that drop COLORTERM still get full colour there. Inside a
    /// multiplexer the terminal around it counts.
    static func detect(_ hints: TerminalHints) -> ColorDepth {
        if hints.colorTerm == "truecolor" || hints.colorTerm == "24bit" { return .truecolor }
        if TerminalBrand.identify(version: nil, hints: hints, behindMultiplexer: true).brand.profile.truecolor {
            return .truecolor
        }
        // Plain TERM=xterm (and rxvt, alacritty) in practice always means a terminal with the
        // 256-colour palette: libcaca's 16-colour art there would be a needless downgrade.
        let richTerms = ["256color", "direct", "xterm", "rxvt", "alacritty", "kitty", "ghostty", "foot", "wezterm"]
        if richTerms.contains(where: { hints.term.contains($0) }) || !hints.termProgram.isEmpty { return .palette256 }
        return .palette16
    }
}
