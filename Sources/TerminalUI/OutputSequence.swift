import TerminalGraphics

/// The fixed sequences the writer sends. Named so the frame logic reads as intent, not bytes.
enum OutputSequence {
    /// `CSI ?2026h` / `l`: synchronized output, so the terminal shows a frame all at once instead of
    /// tearing half-way through a diff (terminals that do not know the mode ignore it).
    static let beginSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)
    static let resetStyle: [UInt8] = Array("\u{1B}[0m".utf8)
    static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    /// Home, then erase the whole display.
    static let clearScreen: [UInt8] = Array("\u{1B}[H\u{1B}[2J".utf8)
    /// OSC 8 with an empty URI: ends the current hyperlink.
    static let closeHyperlink: [UInt8] = Array("\u{1B}]8;;\u{1B}\\".utf8)

    /// `CUP` to a 0-based cell, in its shortest form (`CSI H`, `CSI r H`, `CSI r;c H`).
    static func appendCursorPosition(column: Int, row: Int, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        if column == 0 && row == 0 {
            out.append(UInt8(ascii: "H"))
            return
        }
        out.append(decimal: row + 1)
        if column > 0 {
            out.append(UInt8(ascii: ";"))
            out.append(decimal: column + 1)
        }
        out.append(UInt8(ascii: "H"))
    }

    /// `ECH`: erase `count` cells from the cursor without moving it. Used to clear an image's box
    /// before drawing pixels there, so no stale pixels survive where the new image is transparent.
    static func appendEraseCharacters(_ count: Int, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        out.append(decimal: count)
        out.append(UInt8(ascii: "X"))
    }

    /// OSC 8 opening a hyperlink to an already sanitised URI.
    static func appendOpenHyperlink(_ uri: String, to out: inout [UInt8]) {
        out.append(ascii: "\u{1B}]8;;")
        out.append(contentsOf: uri.utf8)
        out.append(0x1B)
        out.append(UInt8(ascii: "\\"))
    }
}
