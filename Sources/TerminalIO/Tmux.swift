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

    /// The terminal tmux itself runs in: its TERM and what it said of itself, e.g.
    /// `xterm XTerm(379)` (one question, not two, at start-up).
    public var clientTerminal: String? { display("#{client_termname} #{client_termtype}") }
}
