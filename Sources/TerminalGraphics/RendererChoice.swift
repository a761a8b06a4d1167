/// The renderer the environment variables point to, before (or instead of) asking the terminal.
///
/// A pure function of the environment so it can be table-tested and so `--renderer auto` behaves
/// the same in scripts as at a prompt. The terminal probe (DA1, kitty query) is the stronger
/// evidence when it answers — xterm, for instance, only does sixel when started as a VT340 and says
/// so in DA1 but nowhere in its environment — and should override a text-renderer pick here.
public struct RendererChoice: Sendable, Equatable, CustomStringConvertible {
    public var kind: RendererKind
    /// Colour depth for the text renderers; graphics renderers ignore it.
    public var colorDepth: ColorDepth
    /// Which variable decided, for `--verbose` and for bug reports.
    public var reason: String

    public init(kind: RendererKind, colorDepth: ColorDepth, reason: String) {
        self.kind = kind
        self.colorDepth = colorDepth
        self.reason = reason
    }

    public var description: String { "\(kind.rawValue) (\(colorDepth.rawValue)): \(reason)" }

    /// Set to a `RendererKind` raw value to force that renderer, e.g. inside a tmux whose
    /// `allow-passthrough` the user has set up, which nothing in the environment reveals.
    public static let overrideVariable = "PHOTOPAGER_RENDERER"

    /// Terminals that draw sixel and set `TERM` to something containing one of these.
    static let sixelTerms = ["mlterm", "foot", "yaft", "contour"]
    /// Terminals that draw sixel and say who they are in `TERM_PROGRAM`.
    static let sixelPrograms: Set<String> = ["mlterm", "contour", "mintty", "foot"]
    /// Konsole draws sixel from 22.04; it tells its version as e.g. `220401`.
    static let konsoleSixelVersion = 220400

    /// Order: explicit override > multiplexer (text only) > kitty > iTerm2 > sixel > half blocks
    /// (256 colours or more) > libcaca.
    public static func pick(environment env: [String: String]) -> RendererChoice {
        let depth = ColorDepth.detect(environment: env)
        let term = (env["TERM"] ?? "").lowercased()
        let program = env["TERM_PROGRAM"] ?? ""

        if let forced = env[overrideVariable].flatMap({ RendererKind(rawValue: $0.lowercased()) }) {
            return RendererChoice(kind: forced, colorDepth: depth, reason: "\(overrideVariable)=\(forced.rawValue)")
        }
        // tmux 3.3 drops sixel and eats kitty/iTerm2 sequences unless passthrough is configured, and
        // GNU screen never passes them; both do translate 256 colours for the outer terminal, so
        // half blocks always work there.
        if let multiplexer = multiplexer(env, term: term) {
            return RendererChoice(kind: .blocks, colorDepth: depth == .truecolor ? .truecolor : .palette256,
                                  reason: "inside \(multiplexer): graphics sequences do not pass through")
        }
        if let value = env["KITTY_WINDOW_ID"], !value.isEmpty {
            return RendererChoice(kind: .kitty, colorDepth: depth, reason: "KITTY_WINDOW_ID is set")
        }
        if term == "xterm-kitty" || term == "xterm-ghostty" || program == "ghostty" {
            return RendererChoice(kind: .kitty, colorDepth: depth, reason: "TERM=\(term) TERM_PROGRAM=\(program)")
        }
        if program == "iTerm.app" || program == "WezTerm" {
            return RendererChoice(kind: .iterm2, colorDepth: depth, reason: "TERM_PROGRAM=\(program)")
        }
        if env["LC_TERMINAL"] == "iTerm2" {
            return RendererChoice(kind: .iterm2, colorDepth: depth, reason: "LC_TERMINAL=iTerm2")
        }
        if let hint = sixelHint(env, term: term, program: program) {
            return RendererChoice(kind: .sixel, colorDepth: depth, reason: hint)
        }
        switch depth {
        case .truecolor:
            return RendererChoice(kind: .blocks, colorDepth: depth, reason: "truecolor text (COLORTERM)")
        case .palette256:
            return RendererChoice(kind: .blocks, colorDepth: depth, reason: "256-colour text (TERM=\(term))")
        case .palette16:
            let why = term == "linux" ? "Linux console" : "no colour hints beyond 16 (TERM=\(term))"
            return RendererChoice(kind: .caca, colorDepth: depth, reason: why)
        }
    }

    private static func multiplexer(_ env: [String: String], term: String) -> String? {
        if let value = env["TMUX"], !value.isEmpty { return "tmux" }
        if let value = env["STY"], !value.isEmpty { return "GNU screen" }
        if term.hasPrefix("tmux") || term.hasPrefix("screen") { return "a multiplexer (TERM=\(term))" }
        return nil
    }

    private static func sixelHint(_ env: [String: String], term: String, program: String) -> String? {
        if let name = sixelTerms.first(where: { term.contains($0) }) { return "TERM contains \(name)" }
        if sixelPrograms.contains(program.lowercased()) { return "TERM_PROGRAM=\(program)" }
        if let version = env["KONSOLE_VERSION"].flatMap({ Int($0) }), version >= konsoleSixelVersion {
            return "KONSOLE_VERSION=\(version)"
        }
        return nil
    }
}
