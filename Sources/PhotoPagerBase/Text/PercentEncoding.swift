extension StringProtocol {
    /// Every UTF-8 byte outside RFC 3986's unreserved set (`A–Z a–z 0–9 - . _ ~`) and `keeping`
    /// as `%XX`: for the parts of URLs built from what a person typed or a file was called.
    // Inlinable: specialised for the caller's string type (a folder's 10,000 file URIs).
    @inlinable
    public func percentEncoded(keeping extra: String = "") -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let kept = Array(extra.utf8)              // a character or two: a scan beats a set
        func unreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                true
            default: kept.contains(byte)
            }
        }
        // Most names need no escape: the text itself, without building it again byte by byte.
        if utf8.allSatisfy(unreserved) { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        for byte in utf8 {
            if unreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
