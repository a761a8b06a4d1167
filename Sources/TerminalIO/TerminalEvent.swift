import PhotoPagerBase

/// What `TerminalEventLoop.next` reports: input, or something that happened to the process.
public enum TerminalEvent: Hashable, Sendable {
    /// Keys, mouse, paste and terminal replies, decoded; a lone Esc comes as `.key(.escape)`
    /// once ~30 ms pass without a following byte.
    case input([InputEvent])
    /// SIGWINCH, with the new size already measured (repeats within one wake-up coalesced).
    case resize(TerminalSize)
    /// SIGTERM, SIGHUP, SIGINT — or `.hangup` when the terminal itself went away (read gave
    /// end-of-file or EIO). Leave the session and exit; `exitStatus` is the usual code.
    case terminate(TerminalSignal)
    /// SIGTSTP from outside (`kill -TSTP`). Call `TerminalSession.suspend()`, as for Ctrl-Z.
    case suspend
    /// SIGCONT: call `TerminalSession.resume()` and redraw everything.
    case resumed
    /// A `Waker` was poked: background results are ready.
    case wake
    /// The terminal can take more output (asked for with `next(timeout:writing:)`).
    case writable
    /// The timeout given to `next` passed with nothing else to report.
    case timeout
}
