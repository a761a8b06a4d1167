/// Incremental UTF-8 decoding; malformed input becomes U+FFFD, never a crash.
struct UTF8Assembler: Sendable {
    private var needed = 0
    private var value: UInt32 = 0
    private var minimum: UInt32 = 0

    mutating func push(_ byte: UInt8, emit: (Unicode.Scalar) -> Void) {
        if needed > 0 {
            if byte & 0xC0 == 0x80 {
                value = value << 6 | UInt32(byte & 0x3F)
                needed -= 1
                if needed == 0 { emit(Self.scalar(value, minimum: minimum)) }
                return
            }
            needed = 0
            emit(Self.replacement)
        }
        switch byte {
        case 0x00...0x7F: emit(Unicode.Scalar(byte))
        case 0xC2...0xDF: start(byte & 0x1F, needed: 1, minimum: 0x80)
        case 0xE0...0xEF: start(byte & 0x0F, needed: 2, minimum: 0x800)
        case 0xF0...0xF4: start(byte & 0x07, needed: 3, minimum: 0x10000)
        default: emit(Self.replacement)
        }
    }

    /// A sequence cut short by a control or escape: report it as U+FFFD.
    mutating func interrupt() -> Unicode.Scalar? {
        guard needed > 0 else { return nil }
        needed = 0
        return Self.replacement
    }

    private mutating func start(_ bits: UInt8, needed: Int, minimum: UInt32) {
        value = UInt32(bits)
        self.needed = needed
        self.minimum = minimum
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    private static func scalar(_ value: UInt32, minimum: UInt32) -> Unicode.Scalar {
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return replacement }
        return scalar
    }
}
