import Synchronization

/// The process-wide half of `SignalEvents`: the signal handler and where it writes.
///
/// A signal handler is a C function pointer with no context, so the pipe it writes to must be
/// found through process-wide state — the only such state in TerminalIO. It is one `Atomic`
/// descriptor (the standard library's `Synchronization`, not Foundation): lock-free, hence
/// async-signal-safe to load, and safe to swap from any thread. -1 means "nobody listening".
/// Claiming it with compare-and-exchange also makes a second live `SignalEvents` an error
/// instead of two owners silently stealing each other's signals.
enum SignalRelay {
    static let writeDescriptor = Atomic<Int32>(-1)

    /// The handler: one `write(2)` of the signal number. Nothing else — no
    /// allocation, no locks, no Swift runtime calls beyond the atomic load — because only
    /// async-signal-safe work is allowed here. A full pipe drops the byte; the pipe holds 64 KiB
    /// of pending signals, and the reader coalesces repeats anyway.
    static let handler: @convention(c) (Int32) -> Void = { signal in
        let fd = SignalRelay.writeDescriptor.load(ordering: .acquiring)
        guard fd >= 0 else { return }
        Platform.writeFromSignalHandler(fd, UInt8(truncatingIfNeeded: signal))
    }

    /// Makes `fd` the handler's target; false if another `SignalEvents` holds the relay.
    static func claim(_ fd: Int32) -> Bool {
        // Touch `handler` too, so its lazy initialisation never happens inside a signal.
        _ = handler
        return writeDescriptor.compareExchange(expected: -1, desired: fd, ordering: .acquiringAndReleasing).exchanged
    }

    static func release(_ fd: Int32) {
        _ = writeDescriptor.compareExchange(expected: fd, desired: -1, ordering: .acquiringAndReleasing)
    }
}
