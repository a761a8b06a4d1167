/// The transitions of `InputDecoder`'s state machine, one method per state.
///
/// Each returns whether it took the byte. `false` means the byte ended the sequence in progress
/// without belonging to it: the sequence has been reported, the machine reset, and the byte must
/// be fed again — the VT500 rule that lets a stray ESC or control byte start over instead of
/// being swallowed, which is how the decoder resynchronises after garbage.
extension InputDecoder {
    mutating func step(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch state {
        case .ground: ground(byte, into: &events)
        case .escape: return escape(byte, into: &events)
        case .csi: return csi(byte, into: &events)
        case .linuxFunction: return linuxFunction(byte, into: &events)
        case .ss3: return ss3(byte, into: &events)
        case .x10Mouse: x10Mouse(byte, into: &events)
        case .string: string(byte, into: &events)
        case .stringEscape: return stringEscape(byte, into: &events)
        case .paste: paste(byte, into: &events)
        case .utf8: return utf8(byte, into: &events)
        case .discardCSI, .discardString, .discardStringEscape, .discardPaste: return discard(byte)
        }
        return true
    }

    private mutating func ground(_ byte: UInt8, into events: inout [InputEvent]) {
        switch byte {
        case 0x1B:
            state = .escape
            pending = [byte]
        case 0x20...0x7E:
            events.append(.key(.character(Character(Unicode.Scalar(byte)))))
        case 0x00...0x1F, 0x7F:
            events.append(KeyTables.control(byte))
        default:
            if UTF8Sequence.length(ofLead: byte) != nil {
                state = .utf8
                pending = [byte]
            } else {
                events.append(.key(.character(UTF8Sequence.replacement)))
            }
        }
    }

    private mutating func escape(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case UInt8(ascii: "["):
            state = .csi
            pending.append(byte)
        case UInt8(ascii: "O"):
            state = .ss3
            pending.append(byte)
        case _ where escapePrefixed:
            // ESC ESC and then no key sequence: Alt+Escape, and this byte starts afresh.
            events.append(.key(.escape, modifiers: .alt))
            reset()
            return false
        case 0x1B:
            escapePrefixed = true
        case _ where StringSequence.isIntroducer(byte):
            state = .string
            pending.append(byte)
        case 0x20...0x7E:
            events.append(.key(.character(Character(Unicode.Scalar(byte))), modifiers: .alt))
            reset()
        case 0x00...0x1F, 0x7F:
            events.append(KeyTables.control(byte).adding(.alt))
            reset()
        default:
            if UTF8Sequence.length(ofLead: byte) != nil {
                state = .utf8
                pending = [byte]
                escapePrefixed = true
            } else {
                events.append(.key(.character(UTF8Sequence.replacement), modifiers: .alt))
                reset()
            }
        }
        return true
    }

    private mutating func csi(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        let introducerOnly = pending.count == 2
        switch byte {
        case UInt8(ascii: "M") where introducerOnly:
            state = .x10Mouse
            pending.append(byte)
        case UInt8(ascii: "[") where introducerOnly:
            state = .linuxFunction
            pending.append(byte)
        case UInt8(ascii: "$") where ControlSequence.isRxvtShiftSuffix(pending.dropFirst(2)):
            pending.append(byte)
            finishControlSequence(into: &events)
        case 0x20...0x3F:
            pending.append(byte)
            if pending.count - 2 > Self.maxParameterBytes { overflow(into: &events, skipping: .discardCSI) }
        case 0x40...0x7E:
            pending.append(byte)
            finishControlSequence(into: &events)
        default:
            events.append(abandonedSequence())
            reset()
            return false
        }
        return true
    }

    private mutating func finishControlSequence(into events: inout [InputEvent]) {
        let sequence = ControlSequence(pending.dropFirst(2))
        switch sequence.meaning(expectingCursorReport: expectsCursorPositionReport) {
        case .event(let event):
            if case .cursorPosition = event { expectsCursorPositionReport = false }
            events.append(escapePrefixed ? event.adding(.alt) : event)
            reset()
        case .pasteStart:
            reset()
            state = .paste
            pending = PasteText.start
        case .pasteEnd:
            reset()
        case .unrecognised:
            events.append(.unknown(rawPending))
            reset()
        }
    }

    private mutating func linuxFunction(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        guard (0x40...0x7E).contains(byte) else {
            events.append(.unknown(rawPending))
            reset()
            return false
        }
        pending.append(byte)
        events.append(KeyTables.linuxFunctionKey(byte) ?? .unknown(rawPending))
        reset()
        return true
    }

    private mutating func ss3(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case 0x30...0x39, UInt8(ascii: ";"):
            // Some terminals put a modifier here: `ESC O 5 A`, `ESC O 1 ; 5 A`.
            pending.append(byte)
            if pending.count - 2 > Self.maxParameterBytes { overflow(into: &events, skipping: .discardCSI) }
        case 0x40...0x7E:
            pending.append(byte)
            if let key = KeyTables.ss3Finals[byte] {
                let modifier = ControlSequence(pending.dropFirst(2)).parameters.last ?? nil
                let extra = KeyModifiers(xtermParameter: modifier).union(escapePrefixed ? .alt : [])
                events.append(key.adding(extra))
            } else {
                events.append(.unknown(rawPending))
            }
            reset()
        default:
            events.append(abandonedSequence())
            reset()
            return false
        }
        return true
    }

    private mutating func x10Mouse(_ byte: UInt8, into events: inout [InputEvent]) {
        pending.append(byte)
        guard pending.count == 6 else { return }
        let mouse = MouseEvent(x10: pending[3], pending[4], pending[5])
        events.append(mouse.map { InputEvent.mouse($0).adding(escapePrefixed ? .alt : []) } ?? .unknown(rawPending))
        reset()
    }

    private mutating func string(_ byte: UInt8, into events: inout [InputEvent]) {
        pending.append(byte)
        switch byte {
        case 0x07:
            finishString(terminatorLength: 1, into: &events)
        case 0x1B:
            state = .stringEscape
        default:
            if pending.count - 2 > Self.maxPayloadBytes { overflow(into: &events, skipping: .discardString) }
        }
    }

    private mutating func stringEscape(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        if byte == UInt8(ascii: "\\") {
            pending.append(byte)
            finishString(terminatorLength: 2, into: &events)
            return true
        }
        // The ESC starts something new and the string was cut short: report it, keep the ESC.
        pending.removeLast()
        events.append(.unknown(rawPending))
        reset()
        state = .escape
        pending = [0x1B]
        return false
    }

    private mutating func finishString(terminatorLength: Int, into events: inout [InputEvent]) {
        let payload = pending[2 ..< pending.count - terminatorLength]
        events.append(StringSequence.event(introducer: pending[1], payload: payload) ?? .unknown(rawPending))
        reset()
    }

    private mutating func paste(_ byte: UInt8, into events: inout [InputEvent]) {
        pending.append(byte)
        pasteEndMatched = PasteText.advance(pasteEndMatched, with: byte)
        let start = PasteText.start.count
        if pasteEndMatched == PasteText.end.count {
            events.append(.paste(PasteText.sanitized(pending[start ..< pending.count - pasteEndMatched])))
            reset()
        } else if pending.count - start - pasteEndMatched > Self.maxPayloadBytes {
            let matched = pasteEndMatched
            overflow(into: &events, skipping: .discardPaste)
            pasteEndMatched = matched
        }
    }

    private mutating func utf8(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        let lead = pending[0]
        let modifiers: KeyModifiers = escapePrefixed ? .alt : []
        guard let length = UTF8Sequence.length(ofLead: lead),
              UTF8Sequence.allowedRange(lead: lead, position: pending.count).contains(byte) else {
            // Malformed: the bytes so far are one U+FFFD (Unicode's "maximal subpart" rule), and
            // this byte starts afresh.
            events.append(.key(.character(UTF8Sequence.replacement), modifiers: modifiers))
            reset()
            return false
        }
        pending.append(byte)
        if pending.count == length {
            let character = String(decoding: pending, as: UTF8.self).first ?? UTF8Sequence.replacement
            events.append(.key(.character(character), modifiers: modifiers))
            reset()
        }
        return true
    }

    /// Reports an over-long sequence once, as its bounded prefix, then skips the rest of it.
    private mutating func overflow(into events: inout [InputEvent], skipping next: State) {
        events.append(.unknown(rawPending))
        reset()
        state = next
    }

    /// Skips bytes until the over-long sequence ends. A byte that cannot belong to it (a control
    /// in CSI, ESC-not-ST in a string) ends the skipping and is fed again.
    private mutating func discard(_ byte: UInt8) -> Bool {
        switch state {
        case .discardCSI:
            switch byte {
            case 0x20...0x3F: return true
            case 0x40...0x7E: reset(); return true
            default: reset(); return false
            }
        case .discardString:
            if byte == 0x07 { reset() } else if byte == 0x1B { state = .discardStringEscape }
            return true
        case .discardStringEscape:
            reset()
            if byte == UInt8(ascii: "\\") { return true }
            state = .escape
            pending = [0x1B]
            return false
        default:
            pasteEndMatched = PasteText.advance(pasteEndMatched, with: byte)
            if pasteEndMatched == PasteText.end.count { reset() }
            return true
        }
    }
}
