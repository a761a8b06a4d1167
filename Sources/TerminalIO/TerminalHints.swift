/// What the environment says about the terminal: the variables `TerminalBrand.identify` and
/// `chooseRenderer` read.
///
/// Weaker evidence than the probe: variables are inherited (an xterm started from kitty still
/// has `KITTY_WINDOW_ID`) and dropped (ssh passes only `TERM`). So they decide only where the
/// probe cannot — iTerm2 has no query of its own — or when the terminal did not answer at all.
public struct TerminalHints: Hashable, Sendable {
    /// `TERM`, lower-cased.
    public var term: String
    public var termProgram: String
    public var kittyWindowID: String
    public var lcTerminal: String
    /// `TMUX` (tmux's socket), `STY` (GNU screen's session) and `ZELLIJ`.
    public var tmux: String
    public var screenSession: String
    public var zellij: String
    /// `PHOTOPAGER_RENDERER`: a renderer forced from the environment (e.g. in a tmux whose
    /// passthrough the person configured, which nothing else reveals).
    public var rendererOverride: String
    /// `KONSOLE_VERSION`, e.g. `230805`: Konsole draws sixel from 22.04 on.
    public var konsoleVersion: Int?
    /// `VTE_VERSION`, e.g. `7600` (GNOME Terminal, Tilix, …).
    public var vteVersion: Int?
    /// `COLORTERM`, lower-cased: `truecolor` or `24bit` promise 24-bit colour.
    public var colorTerm: String

    public static let overrideVariable = "PHOTOPAGER_RENDERER"

    public init(environment env: [String: String]) {
        term = (env["TERM"] ?? "").lowercased()
        termProgram = env["TERM_PROGRAM"] ?? ""
        kittyWindowID = env["KITTY_WINDOW_ID"] ?? ""
        lcTerminal = env["LC_TERMINAL"] ?? ""
        tmux = env["TMUX"] ?? ""
        screenSession = env["STY"] ?? ""
        zellij = env["ZELLIJ"] ?? ""
        rendererOverride = (env[Self.overrideVariable] ?? "").lowercased()
        konsoleVersion = env["KONSOLE_VERSION"].flatMap { Int($0) }
        vteVersion = env["VTE_VERSION"].flatMap { Int($0) }
        colorTerm = (env["COLORTERM"] ?? "").lowercased()
    }
}
