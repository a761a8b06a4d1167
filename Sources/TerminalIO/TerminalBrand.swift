/// The terminals and multiplexers whose habits we know. What each one can do is its
/// `TerminalProfile`; how one is recognised is `identify`.
public enum TerminalBrand: String, CaseIterable, Sendable {
    case xterm = "xterm"
    case kitty = "kitty"
    case ghostty = "Ghostty"
    case wezterm = "WezTerm"
    case iterm2 = "iTerm2"
    case foot = "foot"
    case mlterm = "mlterm"
    case contour = "Contour"
    case mintty = "mintty"
    case yaft = "yaft"
    /// Konsole from 22.12 on: kitty graphics good enough to use, and sixel.
    case konsole = "Konsole"
    /// Konsole 22.04 and 22.08: sixel (its kitty graphics unproven).
    case sixelKonsole = "Konsole 22.04–22.08"
    /// Konsole before 22.04: no graphics.
    case olderKonsole = "Konsole before 22.04"
    case vte = "VTE"
    case linuxConsole = "the Linux console"
    case tmux = "tmux"
    case screen = "GNU screen"
    case zellij = "Zellij"
    /// Nothing we recognise: the probe alone decides.
    case unknown = "an unknown terminal"

    /// The brand, and the evidence for it (for `--verbose`). Strongest evidence first:
    /// - A multiplexer's variables, unless the probe went through its passthrough
    ///   (`behindMultiplexer`): a multiplexer answers the probe itself, so its answers are its own.
    /// - XTVERSION, which the terminal says of itself.
    /// - The environment: inherited by child terminals (an xterm started from kitty still has
    ///   `KITTY_WINDOW_ID`) and mostly dropped by ssh, so the profile trusts it only for what the
    ///   probe cannot see or when the terminal did not answer.
    public static func identify(version: String?, hints: TerminalHints,
                                behindMultiplexer: Bool = false) -> (brand: TerminalBrand, evidence: String) {
        if !behindMultiplexer, let found = multiplexer(hints) { return found }
        if let version, let brand = named(byVersion: version) {
            if brand == .konsole, let release = konsoleRelease(version) { return (konsole(release), "XTVERSION \(version)") }
            return (brand, "XTVERSION \(version)")
        }
        return byEnvironment(hints) ?? (.unknown, "TERM=\(hints.term)")
    }

    private static func multiplexer(_ hints: TerminalHints) -> (TerminalBrand, String)? {
        if !hints.tmux.isEmpty { return (.tmux, "TMUX is set") }
        if !hints.screenSession.isEmpty { return (.screen, "STY is set") }
        if !hints.zellij.isEmpty { return (.zellij, "ZELLIJ is set") }
        if hints.term.hasPrefix("tmux") { return (.tmux, "TERM=\(hints.term)") }
        if hints.term.hasPrefix("screen") { return (.screen, "TERM=\(hints.term)") }
        return nil
    }

    /// XTVERSION replies as the terminals write them, e.g. `XTerm(379)`, `kitty(0.26.5)`,
    /// `WezTerm 20240203-…`, `iTerm2 3.5.0`, `foot(1.16.2)`, `tmux 3.3a`, `VTE(7600)`.
    static func named(byVersion version: String) -> TerminalBrand? {
        let prefixes: [(String, TerminalBrand)] = [
            ("XTerm(", .xterm), ("kitty(", .kitty), ("ghostty", .ghostty), ("WezTerm", .wezterm),
            ("iTerm2", .iterm2), ("foot(", .foot), ("mlterm", .mlterm), ("contour", .contour),
            ("mintty", .mintty), ("Konsole", .konsole), ("VTE(", .vte), ("tmux ", .tmux),
        ]
        let lowered = version.lowercased()
        return prefixes.first { lowered.hasPrefix($0.0.lowercased()) }?.1
    }

    /// Konsole by its release as `KONSOLE_VERSION` writes it (YYMMPP: 221203 is 22.12.3).
    static func konsole(_ release: Int) -> TerminalBrand {
        release >= 221200 ? .konsole : release >= 220400 ? .sixelKonsole : .olderKonsole
    }

    /// `Konsole 22.12.3` (its XTVERSION) as YYMMPP, 221203.
    static func konsoleRelease(_ version: String) -> Int? {
        let parts = version.split(separator: " ").last?.split(separator: ".").map { Int($0) } ?? []
        guard parts.count >= 2, let year = parts[0], let month = parts[1], year < 100, month < 100 else { return nil }
        return year * 10000 + month * 100 + min(99, (parts.count > 2 ? parts[2] : 0) ?? 0)
    }

    private static func byEnvironment(_ hints: TerminalHints) -> (TerminalBrand, String)? {
        let term = hints.term, program = hints.termProgram
        if term == "linux" { return (.linuxConsole, "TERM=linux") }
        if !hints.kittyWindowID.isEmpty { return (.kitty, "KITTY_WINDOW_ID is set") }
        if term == "xterm-kitty" { return (.kitty, "TERM=\(term)") }
        if term == "xterm-ghostty" { return (.ghostty, "TERM=\(term)") }
        if program == "ghostty" { return (.ghostty, "TERM_PROGRAM=ghostty") }
        if program == "WezTerm" || term == "wezterm" { return (.wezterm, program == "WezTerm" ? "TERM_PROGRAM=WezTerm" : "TERM=\(term)") }
        if program == "iTerm.app" { return (.iterm2, "TERM_PROGRAM=iTerm.app") }
        if hints.lcTerminal == "iTerm2" { return (.iterm2, "LC_TERMINAL=iTerm2") }
        let byTerm: [(String, TerminalBrand)] = [("mlterm", .mlterm), ("foot", .foot), ("yaft", .yaft), ("contour", .contour)]
        if let (_, brand) = byTerm.first(where: { term.contains($0.0) }) { return (brand, "TERM=\(term)") }
        let byProgram: [String: TerminalBrand] = ["mlterm": .mlterm, "contour": .contour, "mintty": .mintty, "foot": .foot]
        if let brand = byProgram[program.lowercased()] { return (brand, "TERM_PROGRAM=\(program)") }
        if let version = hints.konsoleVersion { return (konsole(version), "KONSOLE_VERSION=\(version)") }
        if hints.vteVersion != nil { return (.vte, "VTE_VERSION is set") }
        return nil
    }
}
