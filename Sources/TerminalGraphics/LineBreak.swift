/// How the text renderers get from the end of one row of cells to the start of the next.
public enum LineBreak: Sendable, Hashable {
    /// `\r\n`: right for one-shot output to stdout, where the image starts in column 0 and the
    /// terminal should scroll if the image is taller than what is left of the screen. (`\r` is
    /// explicit so it also works with the tty's ONLCR translation off.)
    case newline
    /// `CSI 1 B` then `CSI n G` (cursor down one, then to the absolute column, 0-based here): for a
    /// full-screen UI drawing an image anywhere. Absolute, because a relative `CSI n D` lands one
    /// column short when the row ended on the right margin in xterm's pending-wrap state.
    case moveDown(toColumn: Int)

    func append(to out: inout [UInt8]) {
        switch self {
        case .newline:
            out.append(ascii: "\r\n")
        case .moveDown(let column):
            out.append(escape)
            out.append(ascii: "[1B")
            out.append(escape)
            out.append(UInt8(ascii: "["))
            out.append(decimal: max(0, column) + 1)
            out.append(UInt8(ascii: "G"))
        }
    }
}
