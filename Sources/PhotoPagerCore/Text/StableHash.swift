/// FNV-1a (64-bit): the same bytes always give the same value, so ids, cache keys and cache
/// checksums survive restarts without a database. One implementation for all three.
public enum StableHash {
    public static func value<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The hash of a text's UTF-8 as 16 hex digits.
    public static func hex(_ text: String) -> String {
        let digits = String(value(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
