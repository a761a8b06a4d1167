import TerminalGraphics

/// Moves a text image (half blocks, libcaca) to another column.
///
/// Why: their rows are joined with `LineBreak.moveDown(toColumn:)` — `CSI 1 B` then `CSI n G` —
/// which bakes the column into the bytes, while encoded images are cached by content, not by
/// position. Rewriting every such pair to the placement's column lets one encoding be drawn
/// anywhere (a grid thumbnail, the same photo in the pager).
enum TextImageBytes {
    /// `bytes` with each `ESC [ 1 B ESC [ <digits> G` changed to go to `column` (0-based).
    static func relocated(_ bytes: [UInt8], toColumn column: Int) -> [UInt8] {
        let down: [UInt8] = [0x1B, 0x5B, 0x31, 0x42, 0x1B, 0x5B]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, bytes[index...].starts(with: down) {
                var digitsEnd = index + down.count
                while digitsEnd < bytes.count, (0x30...0x39).contains(bytes[digitsEnd]) { digitsEnd += 1 }
                if digitsEnd > index + down.count, digitsEnd < bytes.count, bytes[digitsEnd] == UInt8(ascii: "G") {
                    out.append(contentsOf: down)
                    out.append(decimal: column + 1)
                    out.append(UInt8(ascii: "G"))
                    index = digitsEnd + 1
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
