/// Standard base64 (RFC 4648, with `=` padding) straight into a byte buffer.
///
/// kitty and iTerm2 both carry pixels as base64. Foundation's encoder returns a `String` that we
/// would have to copy back into bytes and then slice into chunks; encoding into `[UInt8]` directly
/// keeps the multi-megabyte payloads of full-screen photos to a single pass.
public enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Length of the encoding of `count` bytes, padding included.
    public static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    public static func encode(_ input: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: encodedCount(input.count))
        input.withUnsafeBufferPointer { src in
            alphabet.withUnsafeBufferPointer { table in
                output.withUnsafeMutableBufferPointer { dst in
                    var i = 0
                    var o = 0
                    let whole = src.count - src.count % 3
                    while i < whole {
                        let n = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                        dst[o] = table[Int(n >> 18)]
                        dst[o + 1] = table[Int(n >> 12 & 63)]
                        dst[o + 2] = table[Int(n >> 6 & 63)]
                        dst[o + 3] = table[Int(n & 63)]
                        i += 3
                        o += 4
                    }
                    let rest = src.count - whole
                    if rest > 0 {
                        let b1 = rest == 2 ? UInt32(src[i + 1]) : 0
                        let n = UInt32(src[i]) << 16 | b1 << 8
                        dst[o] = table[Int(n >> 18)]
                        dst[o + 1] = table[Int(n >> 12 & 63)]
                        dst[o + 2] = rest == 2 ? table[Int(n >> 6 & 63)] : UInt8(ascii: "=")
                        dst[o + 3] = UInt8(ascii: "=")
                    }
                }
            }
        }
        return output
    }

    /// The bytes `input` encodes; nil for anything but padded standard base64 (whose length is a
    /// multiple of 4). Used to move a kitty payload we encoded into a file instead.
    public static func decode(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        guard !input.isEmpty else { return [] }
        let padding = input.last == UInt8(ascii: "=") ? (input.dropLast().last == UInt8(ascii: "=") ? 2 : 1) : 0
        var output = [UInt8](repeating: 0, count: input.count / 4 * 3 - padding)
        let ok = input.withUnsafeBufferPointer { src in
            values.withUnsafeBufferPointer { table in
                output.withUnsafeMutableBufferPointer { dst -> Bool in
                    var o = 0
                    var bad: UInt8 = 0
                    for i in stride(from: 0, to: src.count, by: 4) {
                        let last = i + 4 == src.count
                        let a = table[Int(src[i])], b = table[Int(src[i + 1])]
                        let c = last && padding == 2 ? 0 : table[Int(src[i + 2])]
                        let d = last && padding >= 1 ? 0 : table[Int(src[i + 3])]
                        bad |= (a | b | c | d) & 0x80
                        let n = UInt32(a & 63) << 18 | UInt32(b & 63) << 12 | UInt32(c & 63) << 6 | UInt32(d & 63)
                        dst[o] = UInt8(n >> 16)
                        if o + 1 < dst.count { dst[o + 1] = UInt8(n >> 8 & 255) }
                        if o + 2 < dst.count { dst[o + 2] = UInt8(n & 255) }
                        o += 3
                    }
                    return bad == 0
                }
            }
        }
        return ok ? output : nil
    }

    /// Each byte's 6-bit value, 0x80 for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0x80, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()
}
