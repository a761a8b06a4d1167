/// Text a C library left in a buffer of ours, up to its NUL: the error messages of libpng,
/// libheif and libtiff (fixed arrays, which Swift imports as tuples) and of the loaders.
enum CText {
    /// A fixed-size C `char` array field, read in place; `otherwise` when it is empty. Trailing
    /// newlines (libtiff ends its messages with one) are dropped.
    static func string<Field>(_ field: Field, otherwise: String) -> String {
        let text = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return clean(text, otherwise: otherwise)
    }

    static func string(_ buffer: [CChar], otherwise: String = "") -> String {
        clean(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), otherwise: otherwise)
    }

    private static func clean(_ text: String, otherwise: String) -> String {
        var text = text
        while text.last == "\n" { text.removeLast() }
        return text.isEmpty ? otherwise : text
    }
}
