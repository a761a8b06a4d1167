import TerminalGraphics

/// What the environment says about the terminal: the variables `chooseRenderer` reads.
///
/// Weaker evidence than the probe: variables are inherited (an xterm started from kitty still
/// has `KITTY_WINDOW_ID`) and dropped (ssh passes only `TERM`). So they decide only where the
/// probe cannot — iTerm2 has no query of its own — or when the terminal did not answer at all.
public struct TerminalHints: Hashable, Sendable {
    /// `TERM`, lower-cased.
    public var term: String
    public var termProgram: String
    public var kittyWindowID: String
    public var colorTerm: String
    public var lcTerminal: String
    /// `TMUX` (tmux's socket) and `STY` (GNU screen's session).
    public var tmux: String
    public var screenSession: String
    /// `PHOTOPAGER_RENDERER`: a renderer forced from the environment (e.g. in a tmux whose
    /// passthrough the person configured, which nothing else reveals).
    public var rendererOverride: String
    /// `KONSOLE_VERSION`, e.g. `230805`: Konsole draws sixel from 22.04 on.
    public var konsoleVersion: Int?

    public static let overrideVariable = "PHOTOPAGER_RENDERER"

    public init(environment env: [String: String]) {
        term = (env["TERM"] ?? "").lowercased()
        termProgram = env["TERM_PROGRAM"] ?? ""
        kittyWindowID = env["KITTY_WINDOW_ID"] ?? ""
        colorTerm = (env["COLORTERM"] ?? "").lowercased()
        lcTerminal = env["LC_TERMINAL"] ?? ""
        tmux = env["TMUX"] ?? ""
        screenSession = env["STY"] ?? ""
        rendererOverride = (env[Self.overrideVariable] ?? "").lowercased()
        konsoleVersion = env["KONSOLE_VERSION"].flatMap { Int($0) }
        colorDepth = ColorDepth.detect(environment: env)
    }

    /// tmux 3.3 drops sixel and swallows kitty/iTerm2 sequences unless passthrough is set up;
    /// screen never passes them. Either way graphics would be lost or turn into garbage.
    var multiplexer: String? {
        if !tmux.isEmpty { return "tmux (TMUX is set)" }
        if !screenSession.isEmpty { return "GNU screen (STY is set)" }
        if term.hasPrefix("tmux") || term.hasPrefix("screen") { return "a multiplexer (TERM=\(term))" }
        return nil
    }

    var kittyHint: String? {
        if !kittyWindowID.isEmpty { return "KITTY_WINDOW_ID is set" }
        if term == "xterm-kitty" || term == "xterm-ghostty" { return "TERM=\(term)" }
        if termProgram == "ghostty" { return "TERM_PROGRAM=ghostty" }
        return nil
    }

    var iterm2Hint: String? {
        if termProgram == "iTerm.app" || termProgram == "WezTerm" { return "TERM_PROGRAM=\(termProgram)" }
        if lcTerminal == "iTerm2" { return "LC_TERMINAL=iTerm2" }
        return nil
    }

    var sixelHint: String? {
        let sixelTerms = ["mlterm", "foot", "yaft", "contour"]
        if sixelTerms.contains(where: { term.contains($0) }) { return "TERM=\(term)" }
        if ["mlterm", "contour", "mintty", "foot"].contains(termProgram.lowercased()) { return "TERM_PROGRAM=\(termProgram)" }
        if let version = konsoleVersion, version >= 220400 { return "KONSOLE_VERSION=\(version)" }
        return nil
    }

    /// What the text can show; the one colour policy lives in `ColorDepth.detect`.
    public var colorDepth: ColorDepth
}
