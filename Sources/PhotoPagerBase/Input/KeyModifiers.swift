/// Modifier keys held during a key press or mouse event.
///
/// The raw values are xterm's modifier bits (the `5` in `CSI 1 ; 5 A` is 1 + ctrl), so decoding a
/// parameter is one subtraction. Terminals only report what their encoding carries: a plain
/// letter never says `.shift`, and `.meta` appears only where a terminal is configured to send it.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let ctrl = KeyModifiers(rawValue: 4)
    public static let meta = KeyModifiers(rawValue: 8)

    /// The modifiers in an xterm-style parameter: absent or 1 means none; higher bits (kitty's
    /// caps/num lock) are dropped because no key binding should depend on them.
    init(xtermParameter parameter: Int?) {
        guard let parameter, parameter > 1 else {
            self = []
            return
        }
        self.init(rawValue: UInt8((parameter - 1) & 0x0F))
    }
}
