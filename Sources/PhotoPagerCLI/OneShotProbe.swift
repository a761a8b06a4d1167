import Glibc
import PhotoPagerBase
import TerminalGraphics
import TerminalIO

/// `render` and the one-shot output ask the terminal too when they draw on one: env hints
/// cannot see that xterm was started with `-ti vt340`, but its DA1 answer can. Raw mode only
/// for the probe (≤ 200 ms on a silent terminal; inside tmux with passthrough, ≤ 400 ms more),
/// then the settings go back exactly.
enum OneShotProbe {
    /// The probed terminal and the renderer for it; nil when stdout is not a terminal or the
    /// probe could not run.
    static func run(environment: [String: String]) -> (terminal: ProbedTerminal, decision: RendererDecision)? {
        guard isatty(1) == 1, let device = try? TerminalDevice.openControllingTerminal(),
              let original = try? device.mode() else { return nil }
        defer { try? device.setMode(original, flushingInput: false) }
        guard (try? device.setMode(original.raw)) != nil else { return nil }
        var decoder = InputDecoder()
        guard let terminal = try? ProbedTerminal.probe(environment: environment, ask: { probe, throughTmux in
            try probe.run(on: device, decoder: &decoder, environment: environment, throughTmux: throughTmux).capabilities
        }) else { return nil }
        return (terminal, terminal.decision(environment: environment))
    }
}
