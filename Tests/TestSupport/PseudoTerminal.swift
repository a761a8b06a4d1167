import Glibc

/// A pseudo-terminal pair for tests: the test plays the terminal on the master side, and the code
/// under test — in this process, or a child started with `spawn` — sees a real tty on the slave.
///
/// Why a real pty rather than pipes: raw mode, `TIOCGWINSZ`, `/dev/tty` and job-control signals
/// only exist on terminals, and those are exactly what must be restored correctly.
///
/// The parent keeps its own slave descriptor open for the pair's lifetime. That lets a test read
/// the slave's settings (`settings()`) before and after a child ran — termios belong to the tty,
/// not to a descriptor — and it keeps the master from reporting EIO the moment a child exits.
public final class PseudoTerminal: Sendable {
    public let master: Int32
    public let slave: Int32
    /// e.g. `/dev/pts/7`; what a child opens to make the slave its controlling terminal.
    public let slavePath: String

    public struct Failure: Error, CustomStringConvertible {
        public let call: String
        public let errno: Int32
        public var description: String { "\(call): \(String(cString: strerror(errno)))" }
    }

    /// Opens a pair with the given size. `openpty` opens the slave `O_NOCTTY`, so this process
    /// never adopts the pty as its terminal; both ends are then made close-on-exec so unrelated
    /// children don't inherit them. (`posix_openpt` would do that atomically but Swift's Glibc
    /// module leaves it out, as it is an X/Open extension; the window is harmless for tests.)
    public init(columns: Int = 80, rows: Int = 24, pixelWidth: Int = 0, pixelHeight: Int = 0) throws {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw Failure(call: "openpty", errno: errno) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        var name = [CChar](repeating: 0, count: 128)
        let code = ttyname_r(slave, &name, name.count)
        guard code == 0 else {
            close(master)
            close(slave)
            throw Failure(call: "ttyname_r", errno: code)
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.master = master
        self.slave = slave
        slavePath = path
        try setSize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Resizes the terminal (`TIOCSWINSZ`, pixels included). The kernel then sends SIGWINCH to
    /// the pty's foreground process group — a spawned child — by itself; an in-process test
    /// raises SIGWINCH on its own, since this pty is not its controlling terminal.
    public func setSize(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns),
                           ws_xpixel: UInt16(pixelWidth), ws_ypixel: UInt16(pixelHeight))
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw Failure(call: "TIOCSWINSZ", errno: errno) }
    }

    /// Types `bytes` as if at the keyboard (or as the terminal's replies).
    public func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "write(master)", errno: errno)
            }
            offset += n
        }
    }

    public func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// What the program wrote, read until `done` says it is complete or `timeout` passes; then
    /// whatever arrived so far. Never blocks past the timeout.
    public func read(until done: ([UInt8]) -> Bool = { _ in false }, timeout: Duration) -> [UInt8] {
        Self.read(from: master, until: done, timeout: timeout)
    }

    /// Output read until it contains `text` (or `timeout`).
    public func read(untilContains text: String, timeout: Duration) -> [UInt8] {
        let needle = Array(text.utf8)
        return read(until: { Self.contains($0, needle) }, timeout: timeout)
    }

    /// Whether bytes written to the master wait unread on the slave side — e.g. replies a
    /// program failed to drain before it gave the terminal back.
    public func slaveHasPendingInput() -> Bool {
        var available: Int32 = 0
        return ioctl(slave, UInt(FIONREAD), &available) == 0 && available > 0
    }

    static func read(from fd: Int32, until done: ([UInt8]) -> Bool, timeout: Duration) -> [UInt8] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(output) {
            let remaining = deadline - clock.now
            guard remaining > .zero else { break }
            var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, remaining.components.seconds * 1000
                + remaining.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&polled, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }  // EIO: no slave left open anywhere
            output += buffer[..<n]
        }
        return output
    }

    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }
}
