/// Appending escape sequences to a byte buffer without building `String`s: a frame is thousands
/// of tiny sequences, and going through `String` for each would dominate the writer's cost.
extension Array where Element == UInt8 {
    /// Appends the bytes of an ASCII literal.
    @inline(__always)
    mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal; negative values are clamped to 0 (terminals never need them).
    mutating func appendDecimal(_ value: Int) {
        let value = Swift.max(0, value)
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: value / divisor % 10) &+ 0x30)
            divisor /= 10
        }
    }

    /// `ESC [` followed by `text`.
    @inline(__always)
    mutating func appendCSI(_ text: StaticString) {
        append(0x1B)
        append(0x5B)
        appendASCII(text)
    }
}
