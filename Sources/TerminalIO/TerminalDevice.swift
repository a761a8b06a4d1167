import Glibc

/// The terminal as a pair of file descriptors: where keys come from and where frames go.
///
/// Normally both are one descriptor on `/dev/tty`, the process's controlling terminal, so that
/// `url=$(photopager ~/Pictures)` works: the UI talks to the terminal while stdout stays free for
/// the shared URLs. Tests adopt the slave side of a pseudo-terminal instead.
///
/// Reads happen only after `poll` says bytes are there. Writes are blocking (`write`) or, for
/// the pager's frames, non-blocking (`writeSome`, after `setNonBlockingOutput(true)`), so that a
/// slow terminal never keeps the loop from reading keys.
public final class TerminalDevice: Sendable {
    public let inputDescriptor: Int32
    public let outputDescriptor: Int32
    private let ownsDescriptors: Bool

    /// Opens `/dev/tty` for reading and writing. Throws `SystemError` with `ENXIO` when the
    /// process has no controlling terminal (cron, a pipeline without a tty, CI).
    public static func openControllingTerminal(path: String = "/dev/tty") throws -> TerminalDevice {
        let fd = try Platform.open(path, O_RDWR | O_NOCTTY)
        guard Platform.isTerminal(fd) else {
            Platform.close(fd)
            throw SystemError(function: "isatty(\(path))", errno: ENOTTY)
        }
        return TerminalDevice(input: fd, output: fd, ownsDescriptors: true)
    }

    /// Adopts descriptors opened elsewhere (a pty in tests, stdin/stdout). With `ownsDescriptors`
    /// they are closed when the device goes away.
    public init(input: Int32, output: Int32, ownsDescriptors: Bool = false) {
        inputDescriptor = input
        outputDescriptor = output
        self.ownsDescriptors = ownsDescriptors
    }

    deinit {
        guard ownsDescriptors else { return }
        Platform.close(inputDescriptor)
        if outputDescriptor != inputDescriptor { Platform.close(outputDescriptor) }
    }

    /// Cells and pixels, from `TIOCGWINSZ` on the output side (where the drawing happens).
    public func size() throws -> TerminalSize {
        let size = try Platform.windowSize(of: outputDescriptor)
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                            pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

    /// The current line-discipline settings of the input side.
    public func mode() throws -> TerminalMode {
        TerminalMode(try Platform.attributes(of: inputDescriptor))
    }

    /// Applies `mode` now, or with `flushingInput` after output drains and with unread input
    /// discarded (`TCSAFLUSH`): what a restore wants, so nothing typed for us reaches the shell.
    public func setMode(_ mode: TerminalMode, flushingInput: Bool = false) throws {
        try Platform.setAttributes(mode.settings, of: inputDescriptor, action: flushingInput ? TCSAFLUSH : TCSANOW)
    }

    /// Writes all of `bytes` to the terminal.
    public func write(_ bytes: [UInt8]) throws {
        try Platform.writeAll(outputDescriptor, bytes)
    }

    /// Writes what the terminal takes now of `bytes` and says how many: 0 when it is busy. Only
    /// with `setNonBlockingOutput(true)`; otherwise it waits like `write`.
    public func writeSome(_ bytes: ArraySlice<UInt8>) throws -> Int {
        try Platform.writeSome(outputDescriptor, bytes)
    }

    /// Makes `writeSome` return at once when the terminal is busy. It changes only our own open
    /// file description (`/dev/tty` is opened by us), and `write` keeps waiting for room.
    public func setNonBlockingOutput(_ on: Bool) throws {
        try Platform.setNonBlocking(outputDescriptor, on)
    }

    /// Waits up to `timeout` for input and returns what one read gives: `[]` on timeout. Throws
    /// `SystemError` (`EIO`) or returns `nil` when the terminal hung up.
    public func read(timeout: Duration?) throws -> [UInt8]? {
        guard try !Platform.readable([inputDescriptor], timeout: timeout).isEmpty else { return [] }
        let bytes = try Platform.read(inputDescriptor)
        return bytes.isEmpty ? nil : bytes
    }

    /// Reads and discards input until none has arrived for `quietPeriod` (or `limit` passed):
    /// terminal replies still in flight must not land in the shell's prompt after we exit.
    /// Returns how many bytes it threw away.
    @discardableResult
    public func drainInput(quietPeriod: Duration, limit: Duration) -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var discarded = 0
        while clock.now < deadline {
            let wait = min(quietPeriod, deadline - clock.now)
            guard let bytes = try? read(timeout: wait), !bytes.isEmpty else { break }
            discarded += bytes.count
        }
        return discarded
    }
}
