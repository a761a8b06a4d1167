/// FNV-1a (64-bit): the same bytes always give the same value, so ids, cache keys and cache
/// checksums survive restarts without a database. One implementation for all three.
public enum StableHash {
    // Inlinable: specialised where it is called, not walked through a generic witness per byte.
    @inlinable
    public static func value<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The hash of a text's UTF-8 as 16 hex digits.
    public static func hex(_ text: String) -> String {
        let hash = value(text.utf8)
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: (0 ..< 16).map { digits[Int(hash >> (60 - 4 * UInt64($0)) & 15)] }, as: UTF8.self)
    }
}
