/// The states of the DEC-compatible parser described by Paul Williams
/// (https://vt100.net/emu/dec_ansi_parser), as SwiftTerm and libvterm use it, plus an APC string
/// state that keeps its data (the kitty graphics protocol lives in APC).
enum VTState: UInt8, CaseIterable, Sendable {
    case ground, escape, escapeIntermediate
    case csiEntry, csiParam, csiIntermediate, csiIgnore
    case dcsEntry, dcsParam, dcsIntermediate, dcsPassthrough, dcsIgnore
    case oscString, apcString, sosPmString
}

/// What to do with a byte on a transition. Entry and exit actions (clear, hook/unhook, string
/// dispatch) are implied by the states and run by ``VTParser``.
enum VTAction: UInt8, Sendable {
    case ignore, print, execute, collect, param, escDispatch, csiDispatch, hook, put, stringPut
}

/// `state × byte → (action, next state)`, built once from range rules so the parser itself is a
/// single table lookup per byte; unknown input lands in an ignore state and can never crash it.
struct VTTransitionTable: Sendable {
    private var entries: [UInt16]

    static let standard = VTTransitionTable.build()

    func transition(from state: VTState, on byte: UInt8) -> (action: VTAction, next: VTState) {
        let entry = entries[Int(state.rawValue) * 256 + Int(byte)]
        return (VTAction(rawValue: UInt8(entry >> 8))!, VTState(rawValue: UInt8(entry & 0xFF))!)
    }

    private init() {
        entries = []
        for state in VTState.allCases {
            entries += Array(repeating: UInt16(VTAction.ignore.rawValue) << 8 | UInt16(state.rawValue), count: 256)
        }
    }

    private mutating func add(_ bytes: ClosedRange<UInt8>, _ state: VTState, _ action: VTAction, _ next: VTState? = nil) {
        for byte in bytes {
            entries[Int(state.rawValue) * 256 + Int(byte)] = UInt16(action.rawValue) << 8 | UInt16((next ?? state).rawValue)
        }
    }

    private mutating func addExecuteC0(_ state: VTState) {
        add(0x00...0x17, state, .execute)
        add(0x19...0x19, state, .execute)
        add(0x1C...0x1F, state, .execute)
    }

    private static func build() -> VTTransitionTable {
        var table = VTTransitionTable()
        table.addExecuteC0(.ground)
        table.add(0x20...0x7E, .ground, .print)
        table.add(0x80...0xFF, .ground, .print) // UTF-8: this terminal has no 8-bit C1 controls

        table.addExecuteC0(.escape)
        table.add(0x20...0x2F, .escape, .collect, .escapeIntermediate)
        table.add(0x30...0x7E, .escape, .escDispatch, .ground)
        table.add(0x5B...0x5B, .escape, .ignore, .csiEntry)
        table.add(0x5D...0x5D, .escape, .ignore, .oscString)
        table.add(0x50...0x50, .escape, .ignore, .dcsEntry)
        table.add(0x5F...0x5F, .escape, .ignore, .apcString)
        table.add(0x58...0x58, .escape, .ignore, .sosPmString)
        table.add(0x5E...0x5E, .escape, .ignore, .sosPmString)
        table.add(0x80...0xFF, .escape, .ignore, .ground)

        table.addExecuteC0(.escapeIntermediate)
        table.add(0x20...0x2F, .escapeIntermediate, .collect)
        table.add(0x30...0x7E, .escapeIntermediate, .escDispatch, .ground)

        table.addExecuteC0(.csiEntry)
        table.add(0x20...0x2F, .csiEntry, .collect, .csiIntermediate)
        table.add(0x30...0x3B, .csiEntry, .param, .csiParam) // ':' sub-parameters read as ';'
        table.add(0x3C...0x3F, .csiEntry, .collect, .csiParam)
        table.add(0x40...0x7E, .csiEntry, .csiDispatch, .ground)

        table.addExecuteC0(.csiParam)
        table.add(0x30...0x3B, .csiParam, .param)
        table.add(0x3C...0x3F, .csiParam, .ignore, .csiIgnore)
        table.add(0x20...0x2F, .csiParam, .collect, .csiIntermediate)
        table.add(0x40...0x7E, .csiParam, .csiDispatch, .ground)

        table.addExecuteC0(.csiIntermediate)
        table.add(0x20...0x2F, .csiIntermediate, .collect)
        table.add(0x30...0x3F, .csiIntermediate, .ignore, .csiIgnore)
        table.add(0x40...0x7E, .csiIntermediate, .csiDispatch, .ground)

        table.addExecuteC0(.csiIgnore)
        table.add(0x40...0x7E, .csiIgnore, .ignore, .ground)

        table.add(0x20...0x2F, .dcsEntry, .collect, .dcsIntermediate)
        table.add(0x30...0x39, .dcsEntry, .param, .dcsParam)
        table.add(0x3B...0x3B, .dcsEntry, .param, .dcsParam)
        table.add(0x3A...0x3A, .dcsEntry, .ignore, .dcsIgnore)
        table.add(0x3C...0x3F, .dcsEntry, .collect, .dcsParam)
        table.add(0x40...0x7E, .dcsEntry, .hook, .dcsPassthrough)

        table.add(0x30...0x39, .dcsParam, .param)
        table.add(0x3B...0x3B, .dcsParam, .param)
        table.add(0x3A...0x3A, .dcsParam, .ignore, .dcsIgnore)
        table.add(0x3C...0x3F, .dcsParam, .ignore, .dcsIgnore)
        table.add(0x20...0x2F, .dcsParam, .collect, .dcsIntermediate)
        table.add(0x40...0x7E, .dcsParam, .hook, .dcsPassthrough)

        table.add(0x20...0x2F, .dcsIntermediate, .collect)
        table.add(0x30...0x3F, .dcsIntermediate, .ignore, .dcsIgnore)
        table.add(0x40...0x7E, .dcsIntermediate, .hook, .dcsPassthrough)

        table.add(0x00...0x7E, .dcsPassthrough, .put)
        table.add(0x80...0xFF, .dcsPassthrough, .put)

        table.add(0x20...0x7F, .oscString, .stringPut)
        table.add(0x80...0xFF, .oscString, .stringPut)
        table.add(0x07...0x07, .oscString, .ignore, .ground) // xterm also ends OSC with BEL

        table.add(0x20...0x7E, .apcString, .stringPut)
        table.add(0x80...0xFF, .apcString, .stringPut)

        // "Anywhere" transitions, applied last so they win in every state.
        for state in VTState.allCases {
            table.add(0x18...0x18, state, .execute, .ground)
            table.add(0x1A...0x1A, state, .execute, .ground)
            table.add(0x1B...0x1B, state, .ignore, .escape)
        }
        return table
    }
}
