import Glibc

/// Every libc call the CLI makes, in one place: EINTR retried, errors as values.
enum Platform {
    /// Writes all of `bytes` to `fd`, retrying on EINTR and short writes. Returns false when
    /// the reader went away (EPIPE), so the caller can stop drawing quietly.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    static func write(_ fd: Int32, _ text: String) {
        write(fd, Array(text.utf8))
    }

    /// A closed pipe must end the run with an error status, not kill it mid-escape-sequence.
    static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }
}
