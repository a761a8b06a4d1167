/// The string-type sequences a terminal replies with: DCS (`ESC P`), APC (`ESC _`), OSC
/// (`ESC ]`), SOS (`ESC X`) and PM (`ESC ^`), each ended by ST (`ESC \`) or, leniently, BEL.
enum StringSequence {
    /// Whether `byte` after ESC opens a string sequence.
    static func isIntroducer(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"), UInt8(ascii: "X"), UInt8(ascii: "^"):
            true
        default:
            false
        }
    }

    /// The event for a complete string with `introducer` and `payload` (terminator stripped), or
    /// nil when it is none the decoder interprets (OSC colour replies, DECRQSS, …).
    static func event(introducer: UInt8, payload: ArraySlice<UInt8>) -> InputEvent? {
        switch introducer {
        case UInt8(ascii: "P") where payload.starts(with: [UInt8(ascii: ">"), UInt8(ascii: "|")]):
            // XTVERSION: the terminal's name and version, shown to people and matched on.
            .terminalVersion(TerminalText.sanitized(String(decoding: payload.dropFirst(2), as: UTF8.self)))
        case UInt8(ascii: "_") where payload.first == UInt8(ascii: "G"):
            .kittyGraphics(KittyGraphicsReply(payload: payload.dropFirst()))
        default:
            nil
        }
    }
}
