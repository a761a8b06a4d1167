import Testing
@testable import PhotoPagerBase

/// One row of the encoding table: bytes a terminal sends and the events they must decode to.
struct DecoderCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let events: [InputEvent]
    let name: String

    init(_ text: String, _ events: InputEvent..., name: String? = nil) {
        self.init(bytes: Array(text.utf8), events, name: name)
    }

    init(bytes: [UInt8], _ events: [InputEvent], name: String? = nil) {
        self.bytes = bytes
        self.events = events
        self.name = name ?? bytes.map { $0 == 0x1B ? "⎋" : $0 < 0x20 || $0 > 0x7E ? "<\(String($0, radix: 16))>" : String(UnicodeScalar($0)) }.joined()
    }

    var testDescription: String { name }
}

/// Every encoding the decoder promises, as a table, so the same rows drive the whole-buffer,
/// byte-by-byte, every-split and pure-`decode` tests.
enum InputDecoderCases {
    static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent { .key(key, modifiers: modifiers) }
    static func char(_ character: Character, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(.character(character), modifiers: modifiers)
    }
    static func mouse(_ action: MouseEvent.Action, _ column: Int, _ row: Int, _ modifiers: KeyModifiers = []) -> InputEvent {
        .mouse(MouseEvent(action: action, column: column, row: row, modifiers: modifiers))
    }

    static let keys: [DecoderCase] = [
        DecoderCase("\u{1B}[A", key(.up)), DecoderCase("\u{1B}[B", key(.down)),
        DecoderCase("\u{1B}[C", key(.right)), DecoderCase("\u{1B}[D", key(.left)),
        DecoderCase("\u{1B}OA", key(.up)), DecoderCase("\u{1B}OB", key(.down)),
        DecoderCase("\u{1B}OC", key(.right)), DecoderCase("\u{1B}OD", key(.left)),
        DecoderCase("\u{1B}[H", key(.home)), DecoderCase("\u{1B}OH", key(.home)),
        DecoderCase("\u{1B}[1~", key(.home)), DecoderCase("\u{1B}[7~", key(.home)),
        DecoderCase("\u{1B}[F", key(.end)), DecoderCase("\u{1B}OF", key(.end)),
        DecoderCase("\u{1B}[4~", key(.end)), DecoderCase("\u{1B}[8~", key(.end)),
        DecoderCase("\u{1B}[5~", key(.pageUp)), DecoderCase("\u{1B}[6~", key(.pageDown)),
        DecoderCase("\u{1B}[2~", key(.insert)), DecoderCase("\u{1B}[3~", key(.delete)),
        DecoderCase("\u{1B}OP", key(.function(1))), DecoderCase("\u{1B}OQ", key(.function(2))),
        DecoderCase("\u{1B}OR", key(.function(3))), DecoderCase("\u{1B}OS", key(.function(4))),
        DecoderCase("\u{1B}[11~", key(.function(1))), DecoderCase("\u{1B}[12~", key(.function(2))),
        DecoderCase("\u{1B}[13~", key(.function(3))), DecoderCase("\u{1B}[14~", key(.function(4))),
        DecoderCase("\u{1B}[15~", key(.function(5))), DecoderCase("\u{1B}[17~", key(.function(6))),
        DecoderCase("\u{1B}[18~", key(.function(7))), DecoderCase("\u{1B}[19~", key(.function(8))),
        DecoderCase("\u{1B}[20~", key(.function(9))), DecoderCase("\u{1B}[21~", key(.function(10))),
        DecoderCase("\u{1B}[23~", key(.function(11))), DecoderCase("\u{1B}[24~", key(.function(12))),
        DecoderCase("\u{1B}[P", key(.function(1))), DecoderCase("\u{1B}[R", key(.function(3))),
        DecoderCase("\u{1B}[[A", key(.function(1))), DecoderCase("\u{1B}[[E", key(.function(5))),
        DecoderCase("\r", key(.enter)), DecoderCase("\n", key(.enter)), DecoderCase("\u{1B}OM", key(.enter)),
        DecoderCase("\t", key(.tab)), DecoderCase("\u{1B}[Z", key(.tab, .shift)),
        DecoderCase(bytes: [0x7F], [key(.backspace)]), DecoderCase(bytes: [0x08], [key(.backspace)]),
        DecoderCase("\u{1B}Op", char("0")), DecoderCase("\u{1B}Ok", char("+")),
        DecoderCase("a", char("a")), DecoderCase("G", char("G")), DecoderCase(" ", char(" ")),
        DecoderCase("~", char("~")), DecoderCase("é", char("é")), DecoderCase("€", char("€")),
        DecoderCase("😀", char("😀")), DecoderCase("日本", char("日"), char("本")),
    ]

    static let invalidUTF8: [DecoderCase] = [
        DecoderCase(bytes: [0xFF], [char("\u{FFFD}")]),
        DecoderCase(bytes: [0x80], [char("\u{FFFD}")]),
        DecoderCase(bytes: [0xC3, 0x41], [char("\u{FFFD}"), char("A")]),
        DecoderCase(bytes: [0xC0, 0xAF], [char("\u{FFFD}"), char("\u{FFFD}")]),             // overlong "/"
        DecoderCase(bytes: [0xED, 0xA0, 0x80], Array(repeating: char("\u{FFFD}"), count: 3)), // surrogate
        DecoderCase(bytes: [0xF4, 0x90, 0x80, 0x80], Array(repeating: char("\u{FFFD}"), count: 4)),
        DecoderCase(bytes: [0xE2, 0x82, 0x1B, 0x5B, 0x41], [char("\u{FFFD}"), key(.up)]),
    ]

    static let modifiers: [DecoderCase] = [
        DecoderCase(bytes: [0x01], [char("a", .ctrl)]), DecoderCase(bytes: [0x03], [char("c", .ctrl)]),
        DecoderCase(bytes: [0x1A], [char("z", .ctrl)]), DecoderCase(bytes: [0x00], [char(" ", .ctrl)]),
        DecoderCase(bytes: [0x1C], [char("\\", .ctrl)]), DecoderCase(bytes: [0x1F], [char("_", .ctrl)]),
        DecoderCase("\u{1B}[1;5A", key(.up, .ctrl)), DecoderCase("\u{1B}[1;2B", key(.down, .shift)),
        DecoderCase("\u{1B}[1;3C", key(.right, .alt)), DecoderCase("\u{1B}[1;6D", key(.left, [.ctrl, .shift])),
        DecoderCase("\u{1B}[1;9H", key(.home, .meta)), DecoderCase("\u{1B}[1;5F", key(.end, .ctrl)),
        DecoderCase("\u{1B}[5;5~", key(.pageUp, .ctrl)), DecoderCase("\u{1B}[3;2~", key(.delete, .shift)),
        DecoderCase("\u{1B}[1;5P", key(.function(1), .ctrl)), DecoderCase("\u{1B}[15;2~", key(.function(5), .shift)),
        DecoderCase("\u{1B}[1;2R", key(.function(3), .shift)), DecoderCase("\u{1B}O5A", key(.up, .ctrl)),
        DecoderCase("\u{1B}a", char("a", .alt)), DecoderCase("\u{1B}A", char("A", .alt)),
        DecoderCase("\u{1B}é", char("é", .alt)), DecoderCase("\u{1B}\r", key(.enter, .alt)),
        DecoderCase(bytes: [0x1B, 0x7F], [key(.backspace, .alt)]), DecoderCase(bytes: [0x1B, 0x01], [char("a", [.ctrl, .alt])]),
        DecoderCase("\u{1B}\u{1B}[A", key(.up, .alt)), DecoderCase("\u{1B}\u{1B}OB", key(.down, .alt)),
        DecoderCase("\u{1B}\u{1B}a", key(.escape, .alt), char("a")),
        DecoderCase("\u{1B}[a", key(.up, .shift)), DecoderCase("\u{1B}Od", key(.left, .ctrl)),
        DecoderCase("\u{1B}[5$", key(.pageUp, .shift)), DecoderCase("\u{1B}[6^", key(.pageDown, .ctrl)),
        DecoderCase("\u{1B}[3@", key(.delete, [.ctrl, .shift])),
    ]

    static let mice: [DecoderCase] = [
        DecoderCase("\u{1B}[<0;10;5M", mouse(.press(.left), 9, 4)),
        DecoderCase("\u{1B}[<0;10;5m", mouse(.release(.left), 9, 4)),
        DecoderCase("\u{1B}[<1;1;1M", mouse(.press(.middle), 0, 0)),
        DecoderCase("\u{1B}[<2;300;120M", mouse(.press(.right), 299, 119)),
        DecoderCase("\u{1B}[<32;11;5M", mouse(.drag(.left), 10, 4)),
        DecoderCase("\u{1B}[<35;11;5M", mouse(.move, 10, 4)),
        DecoderCase("\u{1B}[<64;3;3M", mouse(.wheelUp, 2, 2)),
        DecoderCase("\u{1B}[<65;3;3M", mouse(.wheelDown, 2, 2)),
        DecoderCase("\u{1B}[<66;3;3M", mouse(.wheelLeft, 2, 2)),
        DecoderCase("\u{1B}[<4;1;1M", mouse(.press(.left), 0, 0, .shift)),
        DecoderCase("\u{1B}[<8;1;1M", mouse(.press(.left), 0, 0, .alt)),
        DecoderCase("\u{1B}[<16;1;1M", mouse(.press(.left), 0, 0, .ctrl)),
        DecoderCase("\u{1B}[<80;2;2M", mouse(.wheelUp, 1, 1, .ctrl)),
        DecoderCase("\u{1B}[<128;1;1M", mouse(.press(.extra(8)), 0, 0)),
        DecoderCase("\u{1B}[M !!", mouse(.press(.left), 0, 0)),
        DecoderCase("\u{1B}[M#*%", mouse(.release(.unspecified), 9, 4)),
        DecoderCase("\u{1B}[M`!!", mouse(.wheelUp, 0, 0)),
    ]

    static let replies: [DecoderCase] = [
        DecoderCase("\u{1B}[?62;4;22c", .deviceAttributes([62, 4, 22])),
        DecoderCase("\u{1B}[?1;2c", .deviceAttributes([1, 2])),
        DecoderCase("\u{1B}[?;99999999999999999999999999c", .deviceAttributes([0, 9_999_999])),
        DecoderCase("\u{1B}P>|XTerm(379)\u{1B}\\", .terminalVersion("XTerm(379)")),
        DecoderCase("\u{1B}P>|kitty(0.26.5)\u{07}", .terminalVersion("kitty(0.26.5)")),
        DecoderCase("\u{1B}_Gi=31;OK\u{1B}\\", .kittyGraphics(KittyGraphicsReply(control: "i=31", message: "OK"))),
        DecoderCase("\u{1B}_Gi=1,p=2;ENOENT:no such image\u{1B}\\",
                    .kittyGraphics(KittyGraphicsReply(control: "i=1,p=2", message: "ENOENT:no such image"))),
        DecoderCase("\u{1B}[4;600;800t", .windowSize(.textAreaPixels(width: 800, height: 600))),
        DecoderCase("\u{1B}[6;20;10t", .windowSize(.cellPixels(width: 10, height: 20))),
        DecoderCase("\u{1B}[8;30;100t", .windowSize(.textAreaCells(columns: 100, rows: 30))),
        DecoderCase("\u{1B}[12;40R", .cursorPosition(row: 11, column: 39)),
        DecoderCase("\u{1B}[1;40R", .cursorPosition(row: 0, column: 39)),
        DecoderCase("\u{1B}[?5;1;1R", .cursorPosition(row: 4, column: 0)),
        DecoderCase("\u{1B}[I", .focusIn), DecoderCase("\u{1B}[O", .focusOut),
        DecoderCase("\u{1B}[200~hello\u{1B}[201~", .paste("hello")),
        DecoderCase("\u{1B}[200~\u{1B}[201~", .paste("")),
        DecoderCase("\u{1B}[200~a\r\nb\rc\td\u{1B}[2J\u{7}q\u{1B}[201~", .paste("a\nb\nc\td[2Jq")),
        DecoderCase("\u{1B}[200~日本\u{202E}x\u{1B}[20\u{1B}[201~", .paste("日本x[20")),
        DecoderCase("\u{1B}[201~"),
    ]

    static let unknown: [DecoderCase] = [
        "\u{1B}[99x", "\u{1B}[?2026;2$y", "\u{1B}[>1;10;0c", "\u{1B}[97;5u", "\u{1B}Oz",
        "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_Xyz\u{1B}\\", "\u{1B}[[Z",
        "\u{1B}[<0;1M", "\u{1B}[5;1;2;3t",
    ].map { DecoderCase($0, .unknown(Array($0.utf8))) } + [
        DecoderCase("\u{1B}[M\u{1}\u{1}\u{1}", .unknown([0x1B, 0x5B, 0x4D, 1, 1, 1])),
        DecoderCase("\u{1B}[1;\u{1B}[A", .unknown(Array("\u{1B}[1;".utf8)), key(.up)),
        DecoderCase("\u{1B}P>|abc\u{1B}[B", .unknown(Array("\u{1B}P>|abc".utf8)), key(.down)),
        DecoderCase("\u{1B}[\r", char("[", .alt), key(.enter)),
    ]

    static let all = keys + invalidUTF8 + modifiers + mice + replies + unknown
}
