import Glibc
import PhotoPagerCore
import TerminalGraphics
import TerminalIO

/// `render` and the one-shot output ask the terminal too when they draw on one: env hints
/// cannot see that xterm was started with `-ti vt340`, but its DA1 answer can. Raw mode only
/// for the probe (≤ 200 ms on a silent terminal), then the settings go back exactly.
enum OneShotProbe {
    /// The probed renderer and the terminal's image size limit, if any; nil when stdout is not a
    /// terminal or the probe could not run.
    static func renderer(environment: [String: String]) -> (kind: RendererKind, limit: GridLayout.PixelSize?)? {
        guard isatty(1) == 1, let device = try? TerminalDevice.openControllingTerminal(),
              let original = try? device.mode() else { return nil }
        defer { try? device.setMode(original, flushingInput: false) }
        guard (try? device.setMode(original.raw)) != nil else { return nil }
        var decoder = InputDecoder()
        guard let outcome = try? CapabilityProbe().run(on: device, decoder: &decoder, environment: environment)
        else { return nil }
        let decision = chooseRenderer(capabilities: outcome.capabilities, environment: environment)
        return (decision.renderer, outcome.capabilities.imagePixelLimit(for: decision.renderer))
    }
}
