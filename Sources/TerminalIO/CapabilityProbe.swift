import PhotoPagerBase
import TerminalGraphics

/// Asks the terminal what it can draw, once at start, and never waits long for an answer.
///
/// All queries go out in one write with DA1 (`CSI c`) last. Every terminal since the VT100
/// answers DA1 and terminals answer in order, so once the DA1 reply is in, every other reply
/// has arrived or never will: the probe ends at once instead of waiting out a timeout. A silent
/// terminal (or a pipe pretending to be one) costs at most `timeout`.
///
/// Run it after `TerminalSession.enter()`: in raw mode, so replies are not echoed and arrive
/// without waiting for Enter. Replies that arrive after the timeout reach the event loop as
/// reply events, which the app ignores; `TerminalSession.leave()` drains any still in flight.
public struct CapabilityProbe: Sendable {
    static let kittyQueryID = "31"

    /// The longest the probe waits for the DA1 reply.
    public var timeout: Duration

    public init(timeout: Duration = .milliseconds(200)) {
        self.timeout = timeout
    }

    /// What the probe found, and the input that arrived meanwhile but was not a reply.
    public struct Outcome: Sendable, Hashable {
        public var capabilities: TerminalCapabilities
        /// Keys, clicks and pastes the person sent during the probe, in order.
        public var typeahead: [InputEvent]
    }

    /// The bytes written: kitty's graphics query (a 1×1 RGB image, `a=q` so nothing is stored or
    /// shown), XTVERSION, `CSI 16 t` when `askCellSize`, then DA1. The kitty query is skipped on
    /// the Linux console, which prints unknown APC strings as text.
    /// `throughTmux`: each query wrapped for tmux's passthrough, so the terminal around tmux
    /// answers (tmux answers DA1 itself, without sixel, and would take the APC for a title).
    public static func queries(askKitty: Bool, askCellSize: Bool, throughTmux: Bool = false) -> [UInt8] {
        var queries: [String] = []
        if askKitty { queries.append("\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\") }
        queries.append("\u{1B}[>q")
        if askCellSize { queries.append("\u{1B}[16t") }
        queries.append("\u{1B}[c")
        return queries.flatMap { throughTmux ? Passthrough.tmux(Array($0.utf8)[...]) : Array($0.utf8) }
    }

    /// Probes through `device`, decoding with `decoder` so that a sequence the person was in the
    /// middle of typing carries over intact to whoever reads next.
    public func run(on device: TerminalDevice, decoder: inout InputDecoder,
                    environment: [String: String], throughTmux: Bool = false) throws -> Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let ioctlCell = (try? device.size())?.cellPixelSize
        var capabilities = TerminalCapabilities(cellPixelSize: ioctlCell)
        var typeahead: [InputEvent] = []
        // The Linux console would print the kitty query; tmux and screen take an APC for "set
        // the title" and would show it in their status bar, and pass no graphics anyway.
        let brand = TerminalBrand.identify(version: nil, hints: TerminalHints(environment: environment),
                                           behindMultiplexer: throughTmux).brand
        let askKitty = brand.profile.kittyQuerySafe
        // Behind tmux the pane's pixel size says nothing of the outer terminal's cells.
        try device.write(Self.queries(askKitty: askKitty, askCellSize: ioctlCell == nil || throughTmux, throughTmux: throughTmux))
        while !capabilities.answeredDA1 {
            let remaining = deadline - clock.now
            guard remaining > .zero, let bytes = try device.read(timeout: remaining), !bytes.isEmpty else { break }
            for event in decoder.feed(bytes) where !capabilities.absorb(event) {
                typeahead.append(event)
            }
        }
        return Outcome(capabilities: capabilities, typeahead: typeahead)
    }
}
