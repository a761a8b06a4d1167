/// What the parser reports; ``VirtualScreen`` implements it, a test could record it.
protocol VTParserHandler {
    mutating func print(_ scalar: Unicode.Scalar)
    mutating func execute(_ control: UInt8)
    mutating func escDispatch(intermediates: [UInt8], final: UInt8)
    /// `params`: empty or `0` entries mean "default"; a private marker (`?`, `>`…) is the first
    /// of `intermediates`.
    mutating func csiDispatch(params: [Int], intermediates: [UInt8], final: UInt8)
    mutating func oscDispatch(_ data: [UInt8])
    mutating func apcDispatch(_ data: [UInt8])
    mutating func dcsHook(params: [Int], intermediates: [UInt8], final: UInt8)
    mutating func dcsPut(_ byte: UInt8)
    mutating func dcsUnhook()
}

/// A byte-at-a-time escape sequence parser driven by ``VTTransitionTable``. It keeps all state
/// between calls, so feeding a stream in any split (even byte by byte) gives the same result.
struct VTParser: Sendable {
    /// Strings (OSC, APC) longer than this keep only their start: tests never need megabytes of
    /// base64 pixels, only the keys in front of them.
    static let maximumStringLength = 1 << 16

    private(set) var state = VTState.ground
    private var intermediates: [UInt8] = []
    private var params: [Int] = []
    private var currentParam: Int?
    private var string: [UInt8] = []
    private var utf8 = UTF8Assembler()

    mutating func advance<Handler: VTParserHandler>(_ byte: UInt8, handler: inout Handler) {
        let (action, next) = VTTransitionTable.standard.transition(from: state, on: byte)
        if action != .print, let broken = utf8.interrupt() { handler.print(broken) }
        let aborted = byte == 0x18 || byte == 0x1A
        if next != state || byte == 0x1B { exit(state, aborted: aborted, handler: &handler) }
        perform(action, byte: byte, handler: &handler)
        if next != state || byte == 0x1B { enter(next) }
        state = next
    }

    private mutating func perform<Handler: VTParserHandler>(_ action: VTAction, byte: UInt8, handler: inout Handler) {
        switch action {
        case .ignore: break
        case .print: utf8.push(byte) { handler.print($0) }
        case .execute: handler.execute(byte)
        case .collect: if intermediates.count < 4 { intermediates.append(byte) }
        case .param:
            if byte == 0x3B || byte == 0x3A {
                pushParam()
            } else {
                currentParam = min(99_999, (currentParam ?? 0) * 10 + Int(byte - 0x30))
            }
        case .escDispatch: handler.escDispatch(intermediates: intermediates, final: byte)
        case .csiDispatch:
            finishParams()
            handler.csiDispatch(params: params, intermediates: intermediates, final: byte)
        case .hook:
            finishParams()
            handler.dcsHook(params: params, intermediates: intermediates, final: byte)
        case .put: handler.dcsPut(byte)
        case .stringPut: if string.count < Self.maximumStringLength { string.append(byte) }
        }
    }

    private mutating func exit<Handler: VTParserHandler>(_ state: VTState, aborted: Bool, handler: inout Handler) {
        switch state {
        case .oscString where !aborted: handler.oscDispatch(string)
        case .apcString where !aborted: handler.apcDispatch(string)
        case .dcsPassthrough: handler.dcsUnhook()
        default: break
        }
    }

    private mutating func enter(_ state: VTState) {
        switch state {
        case .escape, .csiEntry, .dcsEntry:
            intermediates = []
            params = []
            currentParam = nil
        case .oscString, .apcString:
            string = []
        default: break
        }
    }

    private mutating func pushParam() {
        if params.count < 32 { params.append(currentParam ?? 0) }
        currentParam = nil
    }

    /// The last parameter counts only if something was written for it (`CSI m` has none).
    private mutating func finishParams() {
        if currentParam != nil || !params.isEmpty { pushParam() }
    }
}
