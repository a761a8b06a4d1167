/// Turns the bytes a terminal sends into `InputEvent`s.
///
/// A byte-at-a-time state machine after the DEC/VT500 parser (the design SwiftTerm uses), so a
/// read may end anywhere — inside `ESC [ 1 ; 5`, inside a UTF-8 character, inside a paste — and
/// the events are the same as if everything had arrived at once. The grammar lives here and in
/// `InputDecoder+Step`; what a finished sequence means comes from `KeyTables`, `ControlSequence`
/// and `StringSequence`.
///
/// Bytes alone cannot settle a lone ESC: it is the Escape key, or the start of a sequence whose
/// next byte is still in flight. So it stays pending (`hasPendingInput`) until more bytes arrive
/// or the caller, after a quiet spell of ~25–50 ms, calls `flushPendingEscape()`. ESC followed by
/// a key is that key with Alt (what terminals send for Alt/Meta).
///
/// Memory is bounded whatever arrives: more than `maxParameterBytes` of CSI parameters or
/// `maxPayloadBytes` of DCS/APC/OSC/paste payload are reported once as `.unknown` (a bounded
/// prefix) and the rest of that sequence is skipped, not turned into key presses.
public struct InputDecoder: Sendable {
    static let maxParameterBytes = 64
    static let maxPayloadBytes = 4096

    /// Where the machine is. The bytes of the sequence so far are in `pending`.
    enum State: Hashable, Sendable {
        case ground
        /// After ESC (or ESC ESC, see `escapePrefixed`).
        case escape
        /// `ESC [` plus parameter/intermediate bytes, waiting for a final byte.
        case csi
        /// `ESC [ [`: the Linux console's F1–F5.
        case linuxFunction
        /// `ESC O` plus optional modifier digits, waiting for a final byte.
        case ss3
        /// `ESC [ M` plus up to three raw bytes of a legacy X10 mouse report.
        case x10Mouse
        /// A DCS/APC/OSC/SOS/PM string, waiting for ST or BEL.
        case string
        /// ESC inside a string: `\` completes ST; anything else cuts the string short.
        case stringEscape
        /// Inside a bracketed paste, until `CSI 201 ~`.
        case paste
        /// Inside a multi-byte UTF-8 character.
        case utf8
        /// Skipping the rest of an over-long CSI/SS3, string or paste (already reported).
        case discardCSI, discardString, discardStringEscape, discardPaste
    }

    var state: State = .ground
    /// Raw bytes of the sequence in progress, from its ESC or UTF-8 lead byte on.
    var pending: [UInt8] = []
    /// An extra ESC came before `pending`: `ESC ESC [ A` is Alt+Up (rxvt, macOS Terminal), and
    /// ESC before a UTF-8 character is Alt+that character.
    var escapePrefixed = false
    /// How many bytes of `PasteText.end` the latest paste bytes matched.
    var pasteEndMatched = 0

    /// Set this after writing `CSI 6 n`, so that `CSI 1 ; 2 R` is read as the cursor report it
    /// then is rather than as Shift+F3. Cleared when a cursor position report is decoded.
    public var expectsCursorPositionReport = false

    public init() {}

    /// Whether bytes of an unfinished sequence (or a lone ESC) are waiting. The caller arms its
    /// escape timeout while this is true.
    public var hasPendingInput: Bool { state != .ground }

    /// Decodes `bytes`, returning every event they complete. Bytes of an unfinished sequence are
    /// kept for the next call.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        var events: [InputEvent] = []
        for byte in bytes {
            // A byte that ends a sequence without belonging to it is fed again in the new state;
            // the second `step` always takes it because the machine has returned to an entry state.
            while !step(byte, into: &events) {}
        }
        return events
    }

    /// Resolves whatever is pending because no more bytes came: a lone ESC becomes Escape
    /// (ESC ESC Alt+Escape), ESC plus one byte becomes Alt+that byte (`ESC [` → Alt+`[`), a
    /// partial paste is delivered as far as it got, a partial UTF-8 character becomes U+FFFD,
    /// and any other partial sequence `.unknown`. Afterwards the decoder is back at the start,
    /// which is also how it recovers from garbage.
    public mutating func flushPendingEscape() -> [InputEvent] {
        let event: InputEvent? = switch state {
        case .ground, .discardCSI, .discardString, .discardStringEscape, .discardPaste:
            nil
        case .escape:
            .key(.escape, modifiers: escapePrefixed ? .alt : [])
        case .csi, .linuxFunction, .ss3, .x10Mouse, .string, .stringEscape:
            abandonedSequence()
        case .paste:
            .paste(PasteText.sanitized(pending[PasteText.start.count ..< pending.count - pasteEndMatched]))
        case .utf8:
            .key(.character(UTF8Sequence.replacement), modifiers: escapePrefixed ? .alt : [])
        }
        reset()
        return event.map { [$0] } ?? []
    }

    /// The bytes held for the sequence in progress, exactly as received.
    var rawPending: [UInt8] { escapePrefixed ? [0x1B] + pending : pending }

    /// Whether the machine is skipping the tail of an over-long sequence it already reported.
    var isDiscarding: Bool {
        switch state {
        case .discardCSI, .discardString, .discardStringEscape, .discardPaste: true
        default: false
        }
    }

    /// What an unfinished escape sequence stands for when it is cut short: ESC plus one byte is
    /// most likely Alt+that key typed by a person; anything longer was a sequence gone wrong.
    /// (After ESC ESC the first ESC is dropped: Esc, Alt+[ typed within one read is too rare to
    /// justify reporting two events for one byte.)
    func abandonedSequence() -> InputEvent {
        if pending.count == 2 {
            return .key(.character(Character(Unicode.Scalar(pending[1]))), modifiers: .alt)
        }
        return .unknown(rawPending)
    }

    mutating func reset() {
        state = .ground
        pending.removeAll(keepingCapacity: true)
        escapePrefixed = false
        pasteEndMatched = 0
    }
}
