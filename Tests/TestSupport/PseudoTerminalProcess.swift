import Glibc

/// A child started by `PseudoTerminal.spawn`. Killed and reaped on deinit if the test did not
/// wait for it, so a failing test leaves no stray process behind.
public final class PseudoTerminalProcess {
    public let pid: pid_t
    public private(set) var status: ExitStatus?

    public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): "exited with \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    init(pid: pid_t) {
        self.pid = pid
    }

    deinit {
        guard status == nil else { return }
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
    }

    /// Sends `signal` to the child (e.g. SIGTERM, SIGHUP, SIGTSTP, SIGCONT).
    public func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits up to `timeout` for the child to end; nil if it is still running. A stopped child
    /// (SIGSTOP after Ctrl-Z) is still running for this purpose.
    @discardableResult
    public func wait(timeout: Duration) -> ExitStatus? {
        if let status { return status }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        repeat {
            if let status = reap() { return status }
            usleep(2_000)
        } while clock.now < deadline
        return reap()
    }

    /// Whether the child is stopped (job control), checked without reaping it.
    public func isStopped(timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        repeat {
            // /proc/PID/stat's third field: T = stopped.
            if let state = Self.processState(pid), state == "T" { return true }
            usleep(2_000)
        } while clock.now < deadline
        return false
    }

    private func reap() -> ExitStatus? {
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        guard result == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let exit: ExitStatus = raw & 0x7F == 0 ? .exited((raw >> 8) & 0xFF) : .signaled(raw & 0x7F)
        status = exit
        return exit
    }

    static func processState(_ pid: pid_t) -> Character? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "pid (comm) S …": the state follows the last ')' (comm may contain spaces or parens).
        guard let close = line.lastIndex(of: ")") else { return nil }
        return line[line.index(after: close)...].first { $0 != " " }
    }
}
