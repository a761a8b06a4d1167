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

    /// Whether the person sees our pane, and where it is on the terminal around tmux.
    public struct PaneState: Sendable, Equatable {
        /// Its window and it are active, and it is not in copy mode (which tmux draws over it).
        public var shown: Bool
        /// The pane's top-left cell on the outer terminal (0-based): its place in the window,
        /// below the status lines when they are at the top.
        public var column: Int
        public var row: Int

        public init(shown: Bool, column: Int, row: Int) {
            self.shown = shown
            self.column = column
            self.row = row
        }

        /// `format`'s expansion, e.g. `110 0 0 on bottom`; nil when it is not that shape.
        public init?(parsing line: String) {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 5, let left = Int(fields[1]), let top = Int(fields[2]) else { return nil }
            // `status` is off, on (one line) or the number of lines.
            let statusLines = fields[3] == "on" ? 1 : Int(fields[3]) ?? 0
            self.init(shown: fields[0] == "110", column: left, row: top + (fields[4] == "top" ? statusLines : 0))
        }

        static let format = "#{window_active}#{pane_active}#{pane_in_mode} #{pane_left} #{pane_top} #{status} #{status-position}"
    }

    /// Our pane now; nil when tmux does not answer.
    public var paneState: PaneState? { display(PaneState.format).flatMap(PaneState.init(parsing:)) }

    /// Writes `bytes` straight to the terminals attached to our session. tmux passes nothing
    /// on from a pane it does not show, so this is the one way to take our kitty placements off
    /// the screen once another window covers the pane (tmux 3.3 has no `allow-passthrough all`,
    /// and kitty 0.26 no Unicode placeholders that tmux would repaint away). Only a short
    /// command, in one write, to each `/dev/` terminal tmux names.
    public func sendToClients(_ bytes: [UInt8]) {
        let target = pane.isEmpty ? [] : ["-t", pane]
        guard let listing = Platform.capture(["tmux", "list-clients"] + target + ["-F", "#{client_tty}"],
                                             environment: environment, timeout: .milliseconds(500)) else { return }
        for path in listing.split(separator: "\n").map(String.init) where path.hasPrefix("/dev/") {
            Platform.writeOnce(bytes, toDevice: path)
        }
    }

    /// Whether the person sees the pane now; nil when tmux does not answer.
    public var paneIsShown: Bool? { paneState?.shown }

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
