import PhotoPagerBase

extension TerminalEventLoop {
    /// Runs `probe` on this loop's terminal and decoder; type-ahead is queued for the next
    /// `next()`, so nothing the person typed during start-up is lost.
    public func probeCapabilities(_ probe: CapabilityProbe = CapabilityProbe(),
                                  environment: [String: String], throughTmux: Bool = false) throws -> TerminalCapabilities {
        let outcome = try probe.run(on: device, decoder: &decoder, environment: environment, throughTmux: throughTmux)
        adopt(typeahead: outcome.typeahead)
        return outcome.capabilities
    }
}
