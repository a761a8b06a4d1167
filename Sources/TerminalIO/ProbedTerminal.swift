/// The start-up probe, multiplexers included: the one sequence the pager and `render` share.
///
/// Inside tmux, tmux answers first: a tmux that draws sixel itself (3.4+, built with it) says
/// so in its own DA1, and is drawn on directly. Otherwise, with `allow-passthrough` on, the
/// terminal around tmux is asked through the passthrough and drawn on the same way.
public struct ProbedTerminal: Sendable {
    public var capabilities: TerminalCapabilities
    /// The tmux we run inside, if any.
    public var tmux: Tmux?
    /// Graphics go to the terminal around tmux, wrapped (`TmuxPassthrough`).
    public var throughTmux: Bool

    /// `ask` runs one probe; its flag says "through tmux's passthrough".
    public static func probe(environment: [String: String],
                             ask: (CapabilityProbe, Bool) throws -> TerminalCapabilities) rethrows -> ProbedTerminal {
        let nearest = try ask(CapabilityProbe(), false)
        let tmux = Tmux(environment: environment)
        guard let tmux, !nearest.sixel, tmux.allowsPassthrough else {
            return ProbedTerminal(capabilities: nearest, tmux: tmux, throughTmux: false)
        }
        // Replies through tmux take a detour: a little longer before giving up on them.
        let outer = try ask(CapabilityProbe(timeout: .milliseconds(400)), true)
        return ProbedTerminal(capabilities: outer, tmux: tmux, throughTmux: true)
    }

    public func decision(environment: [String: String], override: String? = nil) -> RendererDecision {
        chooseRenderer(capabilities: capabilities, environment: environment, override: override, throughTmux: throughTmux)
    }

    /// Inside tmux without passthrough (and no sixel of its own), the status-line hint that
    /// would get images drawn, when the terminal around tmux looks able to.
    public func passthroughHint(environment: [String: String]) -> String? {
        guard let tmux, !throughTmux, !capabilities.sixel else { return nil }
        return Tmux.passthroughHint(client: tmux.clientTerminal, environment: environment)
    }
}
