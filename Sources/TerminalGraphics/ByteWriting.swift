/// Appending ASCII to a byte buffer without going through `String`: the encoders emit millions of
/// small numbers (SGR colours, sizes) and building Strings for each would dominate their run time.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal, e.g. an escape sequence.
    @inline(__always)
    public mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of a runtime string.
    public mutating func append(utf8 text: String) {
        append(contentsOf: text.utf8)
    }

    /// Appends `value` in decimal, no padding; negative values get a leading minus.
    public mutating func append(decimal value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            append(decimal: -value)
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: value / divisor % 10) &+ 48)
            divisor /= 10
        }
    }
}

/// ESC, the byte every escape sequence starts with.
let escape: UInt8 = 0x1B
/// BEL, which ends an OSC sequence in the form iTerm2 documents.
let bell: UInt8 = 0x07
