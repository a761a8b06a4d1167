/// The stateless form of the decoder, in bubbletea's shape: "this many bytes make one event" or
/// "need more bytes". Useful where the caller keeps its own buffer; the streaming `feed` is what
/// the app uses, because only it can stay bounded across reads.
extension InputDecoder {
    public enum DecodeResult: Hashable, Sendable {
        /// The first event in the bytes, and how many bytes it used (including any skipped tail
        /// of an over-long sequence, as far as `bytes` reaches). The event is nil for a complete
        /// sequence that means nothing (a stray paste end), so the caller still drops its bytes.
        case event(InputEvent?, consumed: Int)
        /// The bytes are an unfinished sequence (or empty, or a lone ESC): wait, or flush.
        case needMore
    }

    /// Decodes the first event at the start of `bytes`.
    ///
    /// Runs a fresh machine until it reports an event; `consumed` is the bytes taken minus those
    /// it still holds for the next event (a string cut short by ESC keeps that ESC).
    public static func decode(_ bytes: ArraySlice<UInt8>) -> DecodeResult {
        var machine = InputDecoder()
        var events: [InputEvent] = []
        var taken = 0
        for byte in bytes {
            while !machine.step(byte, into: &events) {
                if let first = events.first {
                    return .event(first, consumed: taken - machine.rawPending.count)
                }
            }
            taken += 1
            if let first = events.first, !machine.isDiscarding {
                return .event(first, consumed: taken - machine.rawPending.count)
            }
            if machine.state == .ground { return .event(nil, consumed: taken) }
        }
        if let first = events.first { return .event(first, consumed: taken) }
        return .needMore
    }
}
