import FoundationEssentials
import PhotoPagerBase

/// An entry on disk: "PPC1", the body's length (8 bytes, little-endian), its FNV-1a 64 checksum
/// (8 bytes), the body. A torn or damaged file fails the length or checksum test.
enum EntryFormat {
    static let magic: [UInt8] = Array("PPC1".utf8)
    static let headerSize = 20

    static func wrap(_ body: Data) -> Data {
        var out = Data(magic)
        out.reserveCapacity(headerSize + body.count)
        appendLittleEndian(UInt64(body.count), to: &out)
        appendLittleEndian(checksum(body), to: &out)
        out.append(body)
        return out
    }

    static func unwrap(_ stored: Data) -> Data? {
        guard stored.count >= headerSize, stored.prefix(4).elementsEqual(magic) else { return nil }
        let start = stored.startIndex
        let length = readLittleEndian(stored, at: start + 4)
        let sum = readLittleEndian(stored, at: start + 12)
        guard length == UInt64(stored.count - headerSize) else { return nil }
        let body = stored.subdata(in: (start + headerSize) ..< stored.endIndex)
        return checksum(body) == sum ? body : nil
    }

    static func checksum(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { StableHash.value($0) }
    }

    private static func appendLittleEndian(_ value: UInt64, to data: inout Data) {
        for shift in stride(from: 0, to: 64, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func readLittleEndian(_ data: Data, at offset: Int) -> UInt64 {
        (0 ..< 8).reduce(UInt64(0)) { $0 | UInt64(data[offset + $1]) << UInt64($1 * 8) }
    }
}
