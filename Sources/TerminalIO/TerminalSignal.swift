import Glibc

/// The signals a terminal app must react to, as values the main loop can switch over.
public enum TerminalSignal: CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// SIGWINCH: the window was resized.
    case windowChanged
    /// SIGTERM: asked to quit (`kill`, system shutdown).
    case terminate
    /// SIGHUP: the terminal went away (window closed, ssh dropped).
    case hangup
    /// SIGINT: only from `kill -INT`; in raw mode Ctrl-C arrives as a key, not as this.
    case interrupt
    /// SIGTSTP: `kill -TSTP`; in raw mode Ctrl-Z arrives as a key (0x1A), not as this.
    case terminalStop
    /// SIGCONT: continued after a stop (`fg`, `kill -CONT`).
    case continued

    public var number: Int32 {
        switch self {
        case .windowChanged: SIGWINCH
        case .terminate: SIGTERM
        case .hangup: SIGHUP
        case .interrupt: SIGINT
        case .terminalStop: SIGTSTP
        case .continued: SIGCONT
        }
    }

    public init?(number: Int32) {
        guard let match = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = match
    }

    /// The shell convention for "ended by this signal": 128 + its number (130 for SIGINT).
    public var exitStatus: Int32 { 128 + number }

    public var description: String {
        switch self {
        case .windowChanged: "SIGWINCH"
        case .terminate: "SIGTERM"
        case .hangup: "SIGHUP"
        case .interrupt: "SIGINT"
        case .terminalStop: "SIGTSTP"
        case .continued: "SIGCONT"
        }
    }
}
