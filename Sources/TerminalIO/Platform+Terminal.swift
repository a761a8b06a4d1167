import Glibc

extension Platform {
    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    static func attributes(of fd: Int32) throws(SystemError) -> termios {
        var settings = termios()
        try retryingOnInterrupt("tcgetattr") { tcgetattr(fd, &settings) }
        return settings
    }

    /// `action` is `TCSANOW`, `TCSADRAIN` or `TCSAFLUSH` (drain output, then discard unread input).
    static func setAttributes(_ settings: termios, of fd: Int32, action: Int32) throws(SystemError) {
        var settings = settings
        try retryingOnInterrupt("tcsetattr") { tcsetattr(fd, action, &settings) }
    }

    /// libc's own `cfmakeraw`, so "raw" means exactly what every other raw-mode program means:
    /// no echo, no line editing, no signal keys, no CR/NL translation in or out, 8-bit, VMIN=1.
    static func rawAttributes(from settings: termios) -> termios {
        var raw = settings
        cfmakeraw(&raw)
        return raw
    }

    static func windowSize(of fd: Int32) throws(SystemError) -> winsize {
        var size = winsize()
        try retryingOnInterrupt("ioctl(TIOCGWINSZ)") { ioctl(fd, UInt(TIOCGWINSZ), &size) }
        return size
    }
}
