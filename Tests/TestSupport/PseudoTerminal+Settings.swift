import Glibc

extension PseudoTerminal {
    /// The slave's termios, comparable: the "before" and "after" of a test that checks a program
    /// restored the terminal exactly. Every field counts except the struct's padding.
    public struct Settings: Equatable, CustomStringConvertible, Sendable {
        public let termios: termios

        public static func == (lhs: Settings, rhs: Settings) -> Bool {
            lhs.fields == rhs.fields
        }

        /// Every meaningful field as a number, in a fixed order.
        var fields: [UInt32] {
            let t = termios
            let cc = withUnsafeBytes(of: t.c_cc) { $0.map { UInt32($0) } }
            return [t.c_iflag, t.c_oflag, t.c_cflag, t.c_lflag, UInt32(t.c_line), t.c_ispeed, t.c_ospeed] + cc
        }

        /// Whether echo and canonical input are off (a program holds it in raw mode).
        public var isRaw: Bool { termios.c_lflag & tcflag_t(ECHO | ICANON) == 0 }

        public var description: String {
            let t = termios
            return "iflag=\(hex(t.c_iflag)) oflag=\(hex(t.c_oflag)) cflag=\(hex(t.c_cflag)) "
                + "lflag=\(hex(t.c_lflag)) cc=\(fields.dropFirst(7).map(String.init))"
        }

        private func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
    }

    /// The slave's current settings (`tcgetattr` on the parent's own slave descriptor).
    public func settings() throws -> Settings {
        var current = termios()
        guard tcgetattr(slave, &current) == 0 else { throw Failure(call: "tcgetattr", errno: errno) }
        return Settings(termios: current)
    }
}
