/// How many colours the terminal's text can take, read from the environment.
public enum ColorDepth: String, Sendable, CaseIterable {
    /// 24-bit SGR `38;2;r;g;b` (COLORTERM=truecolor or 24bit).
    case truecolor
    /// The xterm 256-colour palette, SGR `38;5;n` (TERM=*-256color).
    case palette256
    /// The 16 ANSI colours only (the Linux console, vt100, unknown terminals).
    case palette16

    /// The depth an environment promises. `COLORTERM` is the only reliable truecolor signal
    /// (terminfo has no portable flag for it); `256color` in `TERM` is the usual 256-colour one.
    /// Terminals that always do truecolor but may not say so (kitty, iTerm2, WezTerm, foot,
    /// ghostty) are recognised by their own variables, so ssh sessions that drop COLORTERM still
    /// get full colour there.
    public static func detect(environment env: [String: String]) -> ColorDepth {
        let colorterm = (env["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        let term = (env["TERM"] ?? "").lowercased()
        let program = env["TERM_PROGRAM"] ?? ""
        if env["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
            || term.hasPrefix("foot") || term == "wezterm"
            || ["iTerm.app", "WezTerm", "ghostty"].contains(program) {
            return .truecolor
        }
        // Plain TERM=xterm (and rxvt, alacritty) in practice always means a terminal with the
        // 256-colour palette: libcaca's 16-colour art there would be a needless downgrade.
        let richTerms = ["256color", "direct", "xterm", "rxvt", "alacritty", "kitty", "ghostty", "foot", "wezterm"]
        if richTerms.contains(where: { term.contains($0) }) || !program.isEmpty { return .palette256 }
        return .palette16
    }
}
