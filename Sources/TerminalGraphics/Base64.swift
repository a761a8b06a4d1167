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
}
