import Glibc

/// Turns asynchronous signals into bytes on a pipe, so the main loop sees them in `poll`
/// alongside keys — the self-pipe trick.
///
/// Why not `signalfd`: it only works if the signals are blocked in *every* thread, and Dispatch
/// and the Swift runtime start threads we do not control; an unblocked thread would take SIGTERM
/// with its default action and kill us without restoring the terminal. A handler that writes one
/// byte works whichever thread the kernel picks.
///
/// One instance may be live per process (the handler's target is process-wide, see
/// `SignalRelay`). `uninstall()` (or deinit) puts back the previous dispositions.
public final class SignalEvents {
    public let signals: [TerminalSignal]
    /// Readable when a signal arrived; `TerminalEventLoop` polls it.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var previous: [(TerminalSignal, sigaction)] = []
    private var isInstalled = false

    public enum InstallError: Error, Equatable {
        /// Another `SignalEvents` is live in this process.
        case alreadyInstalled
    }

    /// Catches `signals` (by default all of `TerminalSignal`) until `uninstall()`.
    public init(signals: [TerminalSignal] = TerminalSignal.allCases) throws {
        self.signals = signals
        (readDescriptor, writeDescriptor) = try Platform.makePipe()
        guard SignalRelay.claim(writeDescriptor) else {
            Platform.close(readDescriptor)
            Platform.close(writeDescriptor)
            throw InstallError.alreadyInstalled
        }
        isInstalled = true
        do {
            for signal in signals {
                previous.append((signal, try Platform.installHandler(SignalRelay.handler, for: signal.number)))
            }
        } catch {
            uninstall()
            throw error
        }
    }

    deinit { uninstall() }

    /// Restores the previous dispositions, then stops relaying and closes the pipe. Idempotent.
    public func uninstall() {
        guard isInstalled else { return }
        isInstalled = false
        for (signal, action) in previous.reversed() {
            Platform.restoreHandler(action, for: signal.number)
        }
        previous = []
        SignalRelay.release(writeDescriptor)
        Platform.close(readDescriptor)
        Platform.close(writeDescriptor)
    }

    /// The signals that arrived since the last call, in order, repeats included. Never blocks.
    public func received() throws -> [TerminalSignal] {
        try Platform.readAvailable(readDescriptor).compactMap { TerminalSignal(number: Int32($0)) }
    }
}
