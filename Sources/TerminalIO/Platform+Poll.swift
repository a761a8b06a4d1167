import Glibc

extension Platform {
    /// Which of `fds` can be read without blocking, waiting at most `timeout` (nil: forever).
    ///
    /// `POLLHUP`/`POLLERR` count as readable: the following read reports the hang-up, which is
    /// how the caller learns the terminal went away. `EINTR` (a caught signal) is retried; the
    /// signal's byte is then waiting in its pipe, so the retry returns at once.
    static func readable(_ fds: [Int32], timeout: Duration?) throws(SystemError) -> Set<Int32> {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Self.milliseconds(timeout)
        let count = nfds_t(polled.count)
        try retryingOnInterrupt("poll") {
            polled.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, count, milliseconds) }
        }
        let readyMask = Int16(POLLIN | POLLHUP | POLLERR)
        return Set(polled.filter { $0.revents & readyMask != 0 }.map(\.fd))
    }

    /// `poll`'s timeout: -1 for none, and rounded *up* so a wait never ends just before its
    /// deadline and spins through a zero-millisecond poll.
    static func milliseconds(_ duration: Duration?) -> Int32 {
        guard let duration else { return -1 }
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let fraction = (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        let (total, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int32.max : Int32(clamping: total + fraction)
    }
}
