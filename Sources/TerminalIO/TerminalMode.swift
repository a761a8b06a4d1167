import Glibc

/// A terminal's line-discipline settings (a `termios`), comparable field by field.
///
/// Why a wrapper: `termios` is a C struct with no `Equatable`, and "restored exactly" is a
/// promise worth testing. Equality compares every field — flags, line discipline, all 32 control
/// characters and both speeds — but not the struct's padding, whose bytes mean nothing.
public struct TerminalMode: Sendable, Equatable {
    public var settings: termios

    public init(_ settings: termios) {
        self.settings = settings
    }

    /// This mode made raw (`cfmakeraw`). ISIG goes off with the rest on purpose: Ctrl-C arrives
    /// as byte 0x03 and Ctrl-Z as 0x1A, so the app quits or suspends through its normal path,
    /// restoring the terminal, instead of being interrupted at an arbitrary point.
    public var raw: TerminalMode {
        TerminalMode(Platform.rawAttributes(from: settings))
    }

    /// Whether echo and canonical (line) input are off: the two bits a person would notice.
    public var isRaw: Bool {
        settings.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0
    }

    public static func == (lhs: TerminalMode, rhs: TerminalMode) -> Bool {
        let a = lhs.settings, b = rhs.settings
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
            && a.c_lflag == b.c_lflag && a.c_line == b.c_line
            && a.c_ispeed == b.c_ispeed && a.c_ospeed == b.c_ospeed
            && controlCharacters(a) == controlCharacters(b)
    }

    /// `c_cc` as an array (it is imported as a 32-element tuple).
    static func controlCharacters(_ settings: termios) -> [cc_t] {
        withUnsafeBytes(of: settings.c_cc) { Array($0.bindMemory(to: cc_t.self)) }
    }
}
