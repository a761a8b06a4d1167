/// A complete CSI sequence (`ESC [ …`) split into its parts (ECMA-48 § 5.4) and interpreted.
///
/// Parameters are parsed once here so the key, mouse and reply rules below read like the
/// terminal documentation they come from.
struct ControlSequence {
    /// What a complete sequence asks the decoder to do.
    enum Meaning: Equatable {
        case event(InputEvent)
        /// `CSI 200 ~`: everything until `CSI 201 ~` is pasted text.
        case pasteStart
        /// A stray `CSI 201 ~` (its paste was dropped or flushed): nothing to report.
        case pasteEnd
        case unrecognised
    }

    /// A private marker (`<`, `=`, `>`, `?`) before the parameters: `?` for DA1, `<` for SGR mouse.
    var marker: UInt8?
    /// `;`-separated numbers; nil where a parameter was left empty. kitty-style `:` sub-parameters
    /// are skipped (only the first number of each parameter counts).
    var parameters: [Int?] = []
    var intermediates: [UInt8] = []
    var final: UInt8
    /// A marker anywhere but first, or a byte outside the CSI grammar: not a sequence to interpret.
    var isMalformed = false

    /// Parses the bytes after `ESC [`, up to and including the final byte.
    init(_ body: ArraySlice<UInt8>) {
        final = body.last ?? 0
        var current: Int?
        var sawParameter = false
        var inSubParameter = false
        for (offset, byte) in body.dropLast().enumerated() {
            switch byte {
            case 0x30...0x39 where !inSubParameter:
                sawParameter = true
                // Saturate: a 64-digit parameter must not overflow, and no real value comes near.
                current = min((current ?? 0) * 10 + Int(byte - 0x30), 9_999_999)
            case 0x30...0x39, 0x3A:
                inSubParameter = true
            case 0x3B:
                sawParameter = true
                parameters.append(current)
                current = nil
                inSubParameter = false
            case 0x3C...0x3F where offset == 0:
                marker = byte
            case 0x20...0x2F:
                intermediates.append(byte)
            default:
                isMalformed = true
            }
        }
        if sawParameter { parameters.append(current) }
    }

    func parameter(_ index: Int) -> Int? {
        index < parameters.count ? parameters[index] : nil
    }

    /// The meaning of the sequence. `expectingCursorReport` settles `CSI 1 ; m R`, which is both
    /// Shift/Ctrl/Alt+F3 in xterm and a cursor position report for row 1, column m. Bytes cannot
    /// tell them apart (bubbletea reports both); the decoder's owner can, because only it knows
    /// whether it just sent `CSI 6 n`. So: row 1 with a modifier-sized column (2–16) is F3 unless a
    /// report is expected; every other shape can only be a report. DECXCPR (`CSI ? r ; c R`)
    /// is never ambiguous, which is why a caller that wants certainty should ask with `CSI ? 6 n`.
    func meaning(expectingCursorReport: Bool) -> Meaning {
        guard !isMalformed else { return .unrecognised }
        switch (marker, final) {
        case (UInt8(ascii: "<"), UInt8(ascii: "M")), (UInt8(ascii: "<"), UInt8(ascii: "m")):
            return sgrMouse()
        case (UInt8(ascii: "?"), UInt8(ascii: "c")) where intermediates.isEmpty:
            return .event(.deviceAttributes(parameters.map { $0 ?? 0 }))
        case (UInt8(ascii: "?"), UInt8(ascii: "R")) where (2...3).contains(parameters.count):
            return cursorPosition()
        case (nil, _) where intermediates.isEmpty:
            return unmarked(expectingCursorReport: expectingCursorReport)
        default:
            return .unrecognised
        }
    }

    private func unmarked(expectingCursorReport: Bool) -> Meaning {
        switch final {
        case UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
            return tilde()
        case UInt8(ascii: "R"):
            if parameters.isEmpty { return .event(.key(.function(3))) }
            if parameters.count == 2, parameter(0) == 1, let column = parameter(1),
               (2...16).contains(column), !expectingCursorReport {
                return .event(.key(.function(3), modifiers: KeyModifiers(xtermParameter: column)))
            }
            return parameters.count == 2 ? cursorPosition() : .unrecognised
        case UInt8(ascii: "t"):
            return windowSize()
        case UInt8(ascii: "I") where parameters.isEmpty:
            return .event(.focusIn)
        case UInt8(ascii: "O") where parameters.isEmpty:
            return .event(.focusOut)
        default:
            guard parameters.count <= 2, let key = KeyTables.csiFinals[final] else { return .unrecognised }
            return .event(key.adding(KeyModifiers(xtermParameter: parameter(1))))
        }
    }

    /// `CSI n ~` with an xterm modifier, or rxvt's `CSI n $` (Shift), `^` (Ctrl), `@` (Ctrl+Shift).
    private func tilde() -> Meaning {
        guard let number = parameter(0), parameters.count <= 2 else { return .unrecognised }
        if final == UInt8(ascii: "~") && parameters.count == 1 {
            if number == 200 { return .pasteStart }
            if number == 201 { return .pasteEnd }
        }
        guard let key = KeyTables.tildeKeys[number] else { return .unrecognised }
        let modifiers: KeyModifiers = switch final {
        case UInt8(ascii: "$"): .shift
        case UInt8(ascii: "^"): .ctrl
        case UInt8(ascii: "@"): [.ctrl, .shift]
        default: KeyModifiers(xtermParameter: parameter(1))
        }
        return .event(.key(key, modifiers: modifiers))
    }

    /// `CSI row ; column R` (or DECXCPR's `CSI ? row ; column [; page] R`), reported 0-based.
    private func cursorPosition() -> Meaning {
        guard let row = parameter(0), let column = parameter(1) else { return .unrecognised }
        return .event(.cursorPosition(row: max(row - 1, 0), column: max(column - 1, 0)))
    }

    /// `CSI 4|6|8 ; height ; width t`.
    private func windowSize() -> Meaning {
        guard parameters.count == 3, let height = parameter(1), let width = parameter(2) else {
            return .unrecognised
        }
        switch parameter(0) {
        case 4: return .event(.windowSize(.textAreaPixels(width: width, height: height)))
        case 6: return .event(.windowSize(.cellPixels(width: width, height: height)))
        case 8: return .event(.windowSize(.textAreaCells(columns: width, rows: height)))
        default: return .unrecognised
        }
    }

    /// SGR mouse (mode 1006): `CSI < code ; column ; row M` for press/motion, `m` for release.
    private func sgrMouse() -> Meaning {
        guard parameters.count == 3, intermediates.isEmpty,
              let code = parameter(0), let column = parameter(1), let row = parameter(2) else {
            return .unrecognised
        }
        let released = final == UInt8(ascii: "m")
        return .event(.mouse(MouseEvent(code: code, column: column - 1, row: row - 1, released: released)))
    }

    /// Whether `$` after these parameter bytes ends an rxvt Shift+key sequence (`CSI 5 $`) rather
    /// than being an intermediate (as in DECRPM `CSI ? 2026 ; 2 $ y`): only plain digits qualify.
    static func isRxvtShiftSuffix(_ parameterBytes: ArraySlice<UInt8>) -> Bool {
        !parameterBytes.isEmpty && parameterBytes.allSatisfy { (0x30...0x39).contains($0) }
    }
}
