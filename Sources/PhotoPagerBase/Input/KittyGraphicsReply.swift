/// The kitty terminal's answer to a graphics command: `ESC _ G <control> ; <message> ESC \`.
///
/// The control part echoes the image id (`i=31`) so replies can be matched to requests; the
/// message is `OK` or an error code with text (`ENOENT:file not found`).
public struct KittyGraphicsReply: Hashable, Sendable {
    /// Comma-separated `key=value` pairs, e.g. `i=31` or `i=31,p=7`.
    public var control: String
    /// `OK`, or an error such as `EINVAL:bad format`.
    public var message: String

    public init(control: String, message: String) {
        self.control = control
        self.message = message
    }

    /// Whether the terminal accepted the command (a kitty query answered `OK` = kitty graphics work).
    public var isOK: Bool { message == "OK" }

    /// The value for `key` in the control part: `value(forKey: "i")` → `"31"`.
    public func value(forKey key: String) -> String? {
        for pair in control.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == key { return String(parts[1]) }
        }
        return nil
    }

    /// Splits an APC payload after its `G`; text is sanitised because it comes from outside.
    init(payload: ArraySlice<UInt8>) {
        let text = String(decoding: payload, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        control = TerminalText.sanitized(String(parts[0]))
        message = parts.count > 1 ? TerminalText.sanitized(String(parts[1])) : ""
    }
}
