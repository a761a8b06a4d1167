/// What the fixed parts of key sequences mean, as lookup tables.
///
/// Keeping meanings in tables (as bubbletea does) and grammar in `InputDecoder` means a new
/// terminal's encoding is one table row, not another branch in the state machine.
enum KeyTables {
    /// A C0 control byte or DEL typed on its own.
    ///
    /// 0x01–0x1A are Ctrl+letter, except the four that are keys in their own right and that no
    /// terminal distinguishes from them: 0x08 Backspace (Ctrl-H), 0x09 Tab (Ctrl-I), 0x0A and
    /// 0x0D Enter (Ctrl-J, Ctrl-M). 0x00 is Ctrl-Space (also Ctrl-@).
    static func control(_ byte: UInt8) -> InputEvent {
        switch byte {
        case 0x00: .key(.character(" "), modifiers: .ctrl)
        case 0x08, 0x7F: .key(.backspace)
        case 0x09: .key(.tab)
        case 0x0A, 0x0D: .key(.enter)
        case 0x1B: .key(.escape)
        case 0x01...0x1A: .key(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .ctrl)
        case 0x1C...0x1F: .key(.character(Character(Unicode.Scalar(byte + 0x40))), modifiers: .ctrl)
        default: .unknown([byte])
        }
    }

    /// `CSI [1 ; mod] <final>`: xterm's cursor and F1–F4 keys, plus rxvt's shifted arrows.
    /// `R` (F3) is missing on purpose: it collides with cursor position reports (see `ControlSequence`).
    static let csiFinals: [UInt8: InputEvent] = [
        ascii("A"): .key(.up), ascii("B"): .key(.down),
        ascii("C"): .key(.right), ascii("D"): .key(.left),
        ascii("H"): .key(.home), ascii("F"): .key(.end),
        ascii("P"): .key(.function(1)), ascii("Q"): .key(.function(2)), ascii("S"): .key(.function(4)),
        ascii("Z"): .key(.tab, modifiers: .shift),
        ascii("a"): .key(.up, modifiers: .shift), ascii("b"): .key(.down, modifiers: .shift),
        ascii("c"): .key(.right, modifiers: .shift), ascii("d"): .key(.left, modifiers: .shift),
    ]

    /// `SS3 <final>` (`ESC O x`): cursor keys in application mode, F1–F4, the keypad, and rxvt's
    /// Ctrl+arrows.
    static let ss3Finals: [UInt8: InputEvent] = {
        var table: [UInt8: InputEvent] = [
            ascii("A"): .key(.up), ascii("B"): .key(.down),
            ascii("C"): .key(.right), ascii("D"): .key(.left),
            ascii("H"): .key(.home), ascii("F"): .key(.end),
            ascii("P"): .key(.function(1)), ascii("Q"): .key(.function(2)),
            ascii("R"): .key(.function(3)), ascii("S"): .key(.function(4)),
            ascii("M"): .key(.enter), ascii("I"): .key(.tab),
            ascii("a"): .key(.up, modifiers: .ctrl), ascii("b"): .key(.down, modifiers: .ctrl),
            ascii("c"): .key(.right, modifiers: .ctrl), ascii("d"): .key(.left, modifiers: .ctrl),
        ]
        // Application keypad: `ESC O j`…`ESC O y` and `ESC O X` are * + , - . / 0–9 =.
        for (final, character) in zip("jklmnopqrstuvwxyX".utf8, "*+,-./0123456789=") {
            table[final] = .key(.character(character))
        }
        return table
    }()

    /// `CSI <number> [; mod] ~` (VT220 style, also rxvt's `$ ^ @` finals). 1/4 and 7/8 are
    /// Home/End in different terminals; the gaps (16, 22, 27, 30) are historical.
    static let tildeKeys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14),
        28: .function(15), 29: .function(16), 31: .function(17), 32: .function(18),
        33: .function(19), 34: .function(20),
    ]

    /// The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
    static func linuxFunctionKey(_ final: UInt8) -> InputEvent? {
        (ascii("A")...ascii("E")).contains(final) ? .key(.function(Int(final - ascii("A")) + 1)) : nil
    }

    static func ascii(_ character: Unicode.Scalar) -> UInt8 {
        UInt8(ascii: character)
    }
}
