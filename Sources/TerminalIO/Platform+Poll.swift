import Glibc

extension Platform {
    /// Which of `fds` can be read without blocking, waiting at most `timeout` (nil: forever).
    static func readable(_ fds: [Int32], timeout: Duration?) throws(SystemError) -> Set<Int32> {
        try poll(reading: fds, writing: [], timeout: timeout).readable
    }

    /// Which of `reading` can be read and which of `writing` written without blocking, waiting at
    /// most `timeout` (nil: forever) for either. A descriptor in both lists is polled once.
    ///
    /// `POLLHUP`/`POLLERR` count as ready: the following read or write reports the hang-up, which
    /// is how the caller learns the terminal went away. `EINTR` (a caught signal) is retried; the
    /// signal's byte is then waiting in its pipe, so the retry returns at once.
    static func poll(reading: [Int32], writing: [Int32], timeout: Duration?)
        throws(SystemError) -> (readable: Set<Int32>, writable: Set<Int32>) {
        var polled: [pollfd] = []
        func add(_ fd: Int32, _ events: Int32) {
            if let i = polled.firstIndex(where: { $0.fd == fd }) { polled[i].events |= Int16(events) }
            else { polled.append(pollfd(fd: fd, events: Int16(events), revents: 0)) }
        }
        for fd in reading { add(fd, POLLIN) }
        for fd in writing { add(fd, POLLOUT) }
        let milliseconds = Self.milliseconds(timeout)
        let count = nfds_t(polled.count)
        try retryingOnInterrupt("poll") {
            polled.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, count, milliseconds) }
        }
        let failed = Int16(POLLHUP | POLLERR)
        let readable = polled.filter { $0.events & Int16(POLLIN) != 0 && $0.revents & (Int16(POLLIN) | failed) != 0 }
        let writable = polled.filter { $0.events & Int16(POLLOUT) != 0 && $0.revents & (Int16(POLLOUT) | failed) != 0 }
        return (Set(readable.map(\.fd)), Set(writable.map(\.fd)))
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
