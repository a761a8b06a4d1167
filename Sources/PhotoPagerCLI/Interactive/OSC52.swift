import TerminalGraphics

/// Copying to the clipboard through the terminal (OSC 52), which works over ssh too.
enum OSC52 {
    static func copy(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Base64.encode(Array(text.utf8)) + [0x07]
    }
}
