import Glibc

/// A libc call failed: which one, and its `errno`.
///
/// Why a value of its own: callers decide on the code (`ENXIO` from opening `/dev/tty` means "no
/// terminal", `EIO` on a read means the terminal hung up), and the message names the call so a
/// bug report says which step broke.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call that failed, e.g. `tcsetattr` or `open(/dev/tty)`.
    public let function: String
    public let errno: Int32

    public init(function: String, errno: Int32) {
        self.function = function
        self.errno = errno
    }

    public var description: String {
        // glibc's strerror returns static strings for known codes (thread-safe since 2.32).
        "\(function): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
