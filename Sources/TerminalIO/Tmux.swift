/// The tmux we run inside, asked through `tmux display -p` (never its options: a pane override
/// of `allow-passthrough` is visible only in the pane's format). Never changes its settings.
public struct Tmux: Sendable {
    /// `TMUX_PANE`, e.g. `%3`: every question is about our pane, not the active one.
    public let pane: String
    private let environment: [String: String]

    /// nil outside tmux (`TMUX` unset).
    public init?(environment: [String: String]) {
        guard let socket = environment["TMUX"], !socket.isEmpty else { return nil }
        pane = environment["TMUX_PANE"] ?? ""
        self.environment = environment
    }

    /// `format` expanded for our pane, without the newline; nil when tmux does not answer
    /// within half a second.
    public func display(_ format: String) -> String? {
        let target = pane.isEmpty ? [] : ["-t", pane]
        let output = Platform.capture(["tmux", "display", "-p"] + target + [format], environment: environment,
                                      timeout: .milliseconds(500))
        return output.map { String($0.prefix { $0 != "\n" }) }
    }

    /// Whether `allow-passthrough` is on (or `all`) for our pane. The format gives a flag as
    /// `1`/`0`; older or newer tmux may spell the value out.
    public var allowsPassthrough: Bool {
        guard let value = display("#{allow-passthrough}") else { return false }
        return ["1", "on", "all"].contains(value)
    }

    /// Whether the person sees the pane now: its window and it are active, and it is not in copy
    /// mode (which tmux draws over the pane). nil when tmux does not answer.
    public var paneIsShown: Bool? {
        display("#{window_active}#{pane_active}#{pane_in_mode}").map { $0 == "110" }
    }

    /// The terminal tmux itself runs in: its TERM and what it said of itself, e.g. `xterm` and
    /// `XTerm(379)` (one question, not two, at start-up).
    public var clientTerminal: (name: String, type: String)? {
        display("#{client_termname} #{client_termtype}").map { line in
            let name = line.prefix { $0 != " " }
            return (String(name), String(line.dropFirst(name.count + 1)))
        }
    }

    /// The status-line hint for a pane without passthrough, when the terminal around tmux looks
    /// able to draw what tmux could carry: `client` is `clientTerminal`, `environment` our own
    /// (variables such as `KITTY_WINDOW_ID` are inherited into tmux). We never change the
    /// person's tmux options, only name the one that would help.
    public static func passthroughHint(client: (name: String, type: String)?, environment: [String: String]) -> String? {
        var hints = TerminalHints(environment: environment)
        if let client, !client.name.isEmpty { hints.term = client.name.lowercased() }
        let outer = TerminalBrand.identify(version: client?.type, hints: hints, behindMultiplexer: true).brand
        let able = outer.profile.protocols.contains { drawableThroughTmux.contains($0) }
        return able ? "images: set -g allow-passthrough on in tmux" : nil
    }
}
