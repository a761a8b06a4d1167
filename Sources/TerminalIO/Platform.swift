import Glibc

/// Every libc call of TerminalIO and of the CLI goes through here (and its extensions), never
/// elsewhere: signals are caught (see `SignalEvents`), so any blocking call may fail with
/// `EINTR`, and errno handling scattered over the modules is where bugs hide.
public enum Platform {
    /// Runs `call` until it returns something other than `-1`/`EINTR`, and throws any other `-1`
    /// as a `SystemError` naming the call: the one wrapper (swift-nio's `syscall` pattern).
    @discardableResult
    static func retryingOnInterrupt<Result: SignedInteger>(
        _ function: @autoclosure () -> String, _ call: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = call()
            guard result == -1 else { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(function: function(), errno: code)
        }
    }

    /// Opens `path`; the descriptor is close-on-exec so spawned helpers never inherit the tty.
    static func open(_ path: String, _ flags: Int32) throws(SystemError) -> Int32 {
        try retryingOnInterrupt("open(\(path))") { Glibc.open(path, flags | O_CLOEXEC) }
    }

    /// Closes `fd`. Never retried: on Linux the descriptor is gone even when close reports EINTR.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// One non-blocking write of `bytes` to the terminal at `path`, without making it our
    /// controlling terminal; nothing when it cannot be opened or is full.
    static func writeOnce(_ bytes: [UInt8], toDevice path: String) {
        guard let fd = try? open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK) else { return }
        defer { close(fd) }
        _ = try? writeSome(fd, bytes[...])
    }

    /// Reads at most `maxCount` bytes; an empty result is end of file (a hung-up terminal).
    static func read(_ fd: Int32, maxCount: Int = 4096) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maxCount)
        let count = try retryingOnInterrupt("read") {
            buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        }
        buffer.removeSubrange(count...)
        return buffer
    }

    /// Reads what a non-blocking descriptor holds right now, stopping at `EAGAIN` or end of file.
    static func readAvailable(_ fd: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            do {
                let chunk = try read(fd)
                if chunk.isEmpty { return bytes }
                bytes += chunk
            } catch {
                guard error.errno == EAGAIN || error.errno == EWOULDBLOCK else { throw error }
                return bytes
            }
        }
    }

    /// Writes all of `bytes` to `fd` (standard output, a file), across short writes and `EINTR`.
    /// False when it failed, as when the reader went away (`EPIPE`), so the caller can stop
    /// drawing quietly.
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? writeAll(fd, bytes)) != nil
    }

    /// Writes `text` as UTF-8 to `fd`, as `write(_:_:)` does its bytes.
    public static func write(_ fd: Int32, _ text: String) {
        write(fd, Array(text.utf8))
    }

    /// Writes all of `bytes`, across short writes; on a non-blocking descriptor it waits for
    /// room (`EAGAIN`) instead of failing.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try writeSome(fd, bytes[offset...])
            if written == 0 { _ = try poll(reading: [], writing: [fd], timeout: nil) }
            offset += written
        }
    }

    /// Writes what `fd` takes now of `bytes`: 0 when a non-blocking descriptor is full.
    static func writeSome(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        do {
            return try retryingOnInterrupt("write") {
                bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            }
        } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return 0
        }
    }

    /// Sets or clears `O_NONBLOCK` on `fd`'s open file description.
    static func setNonBlocking(_ fd: Int32, _ on: Bool) throws(SystemError) {
        let flags = try retryingOnInterrupt("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard wanted != flags else { return }
        try retryingOnInterrupt("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, wanted) }
    }

    /// A pipe whose ends are close-on-exec and non-blocking: a full pipe must never block the
    /// writer (a signal handler or a worker thread), and a drained one never blocks the reader.
    static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        try retryingOnInterrupt("pipe") { Glibc.pipe(&fds) }
        for fd in fds {
            try retryingOnInterrupt("fcntl(F_SETFD)") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let flags = try retryingOnInterrupt("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
            try retryingOnInterrupt("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        }
        return (fds[0], fds[1])
    }

    /// Writes one byte to a non-blocking pipe; a full pipe already holds a wake-up, so `EAGAIN`
    /// is success. Other errors are dropped: waking is best effort by nature.
    static func poke(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = try? retryingOnInterrupt("write") { Glibc.write(fd, &byte, 1) }
    }
}
