/// Small text utilities that full Foundation would provide. The binary links only
/// FoundationEssentials (no ICU), which saves ~4 ms on every start of a one-shot render.
extension StringProtocol {
    /// Without leading and trailing whitespace and newlines. Works on Unicode scalars (a
    /// whitespace character's first scalar is whitespace), and returns at once when both ends
    /// are visible ASCII, the usual case: listing thousands of photos trims every URL.
    public var trimmingWhitespace: String {
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, (0x21 ... 0x7E).contains(first), (0x21 ... 0x7E).contains(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[start ... end]))
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
