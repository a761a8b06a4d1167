import Glibc

extension Platform {
    /// Installs `handler` for `signal` with `SA_RESTART` (so reads and writes on other threads
    /// are resumed rather than failing), returning the disposition it replaced.
    static func installHandler(_ handler: @convention(c) (Int32) -> Void,
                               for signal: Int32) throws(SystemError) -> sigaction {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        try retryingOnInterrupt("sigaction(\(signal))") { sigaction(signal, &action, &previous) }
        return previous
    }

    /// Puts back a disposition saved by `installHandler`.
    static func restoreHandler(_ previous: sigaction, for signal: Int32) {
        var previous = previous
        _ = sigaction(signal, &previous, nil)
    }

    /// Sends `signal` to this process (any thread may take it).
    static func signalSelf(_ signal: Int32) {
        _ = kill(getpid(), signal)
    }

    /// A closed pipe must end the run with an error status, not kill it mid-escape-sequence;
    /// a write past the file size limit (`ulimit -f`) must fail as a full disk does (EFBIG, a
    /// message on the status line, the sidecar before it intact), not kill the pager with the
    /// terminal raw.
    public static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Stops this process as job control does; returns once something sends SIGCONT (`fg`).
    /// SIGSTOP rather than SIGTSTP because SIGTSTP is caught here and cannot be blocked away.
    static func stopSelf() {
        signalSelf(SIGSTOP)
    }

    /// The only work a signal handler does: one `write(2)` of `byte`, leaving `errno` as it
    /// found it (the interrupted code may be about to read it). Async-signal-safe: no
    /// allocation, no locks; a full pipe (`EAGAIN`) drops the byte.
    static func writeFromSignalHandler(_ fd: Int32, _ byte: UInt8) {
        let savedErrno = errno
        var byte = byte
        _ = Glibc.write(fd, &byte, 1)
        errno = savedErrno
    }
}
