/// Small text utilities that full Foundation would provide. The binary links only
/// FoundationEssentials (no ICU), which saves ~4 ms on every start of a one-shot render.
extension StringProtocol {
    /// Without leading and trailing whitespace and newlines.
    public var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// `%XX` escapes decoded; nil when an escape is malformed or the bytes are not UTF-8.
    public var percentDecoded: String? {
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
