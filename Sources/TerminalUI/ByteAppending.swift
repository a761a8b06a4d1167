import TerminalGraphics

/// The writer's one sequence helper on top of TerminalGraphics' byte appenders
/// (`append(ascii:)`, `append(decimal:)`): a frame is thousands of tiny sequences, and going
/// through `String` for each would dominate the writer's cost.
extension Array where Element == UInt8 {
    /// `ESC [` followed by `text`.
    @inline(__always)
    mutating func appendCSI(_ text: StaticString) {
        append(0x1B)
        append(0x5B)
        append(ascii: text)
    }
}
