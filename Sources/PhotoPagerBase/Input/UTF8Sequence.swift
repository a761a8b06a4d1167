/// The rules for where a UTF-8 character ends, so the decoder can wait for the rest of one that
/// was split between reads, and reject malformed bytes at once (as U+FFFD) instead of waiting.
enum UTF8Sequence {
    /// The number of bytes a character starting with `lead` has, or nil if `lead` cannot start one
    /// (continuation bytes, the overlong leads C0/C1, and F5–FF beyond U+10FFFF).
    static func length(ofLead lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    /// The bytes allowed at `position` (1-based after the lead). The narrowed second-byte ranges
    /// exclude overlong forms, UTF-16 surrogates and code points above U+10FFFF (Unicode table 3-7),
    /// so every completed sequence is valid and decodes to exactly one scalar.
    static func allowedRange(lead: UInt8, position: Int) -> ClosedRange<UInt8> {
        guard position == 1 else { return 0x80...0xBF }
        switch lead {
        case 0xE0: return 0xA0...0xBF
        case 0xED: return 0x80...0x9F
        case 0xF0: return 0x90...0xBF
        case 0xF4: return 0x80...0x8F
        default: return 0x80...0xBF
        }
    }

    static let replacement: Character = "\u{FFFD}"
}
