import Glibc
import Synchronization

/// Restores the terminal even when the process dies of a fault (a trap, SIGSEGV, SIGABRT…):
/// the one exit path no `defer` can cover. While a session is active, a prepared record —
/// the tty descriptor, the saved termios and the leave bytes, in memory allocated up front —
/// is published through an atomic pointer; the fault handler writes the bytes, restores the
/// settings (both async-signal-safe calls), puts the default action back and re-raises, so
/// the process still dies of the same signal with its usual exit status and core dump.
enum CrashGuard {
    static let faults: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// What the handler needs, in one C-compatible block it can read without allocating.
    struct Record {
        var descriptor: Int32
        var settings: termios
        var bytes: UnsafeMutablePointer<UInt8>
        var count: Int
    }

    private static let current = Atomic<UInt>(0)

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        let address = CrashGuard.current.exchange(0, ordering: .acquiringAndReleasing)
        if address != 0, let record = UnsafeMutablePointer<Record>(bitPattern: address) {
            writeAll(record.pointee.bytes, count: record.pointee.count, to: record.pointee.descriptor)
            var settings = record.pointee.settings
            _ = tcsetattr(record.pointee.descriptor, TCSAFLUSH, &settings)
        }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }

    /// Writes every byte, waiting for room (the descriptor is non-blocking, and a terminal that
    /// reads slowly — a big frame in flight, an ssh link — has its buffer full when the fault
    /// comes: one write would fail with EAGAIN and leave it in the alternate screen). Gives up
    /// after about two seconds of no room, so a terminal that never reads cannot hold the
    /// dying process. Only async-signal-safe calls.
    private static func writeAll(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, to descriptor: Int32) {
        var written = 0, waits = 0
        while written < count {
            let result = Glibc.write(descriptor, bytes + written, count - written)
            if result > 0 { written += result; continue }
            guard result < 0, errno == EAGAIN || errno == EINTR, waits < 40 else { return }
            var room = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&room, 1, 50)
            waits += 1
        }
    }

    /// Arms (or re-arms, when the leave bytes change) the guard for a session.
    static func arm(descriptor: Int32, settings: termios, leaveBytes: [UInt8]) {
        _ = handler
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, leaveBytes.count))
        bytes.initialize(from: leaveBytes, count: leaveBytes.count)
        let record = UnsafeMutablePointer<Record>.allocate(capacity: 1)
        record.initialize(to: Record(descriptor: descriptor, settings: settings, bytes: bytes, count: leaveBytes.count))
        let previous = current.exchange(UInt(bitPattern: record), ordering: .acquiringAndReleasing)
        free(previous)
        for fault in faults { Glibc.signal(fault, handler) }
    }

    /// Disarms: a normal leave has restored the terminal already.
    static func disarm() {
        free(current.exchange(0, ordering: .acquiringAndReleasing))
        for fault in faults { Glibc.signal(fault, SIG_DFL) }
    }

    private static func free(_ address: UInt) {
        guard address != 0, let record = UnsafeMutablePointer<Record>(bitPattern: address) else { return }
        record.pointee.bytes.deallocate()
        record.deallocate()
    }
}
