extension StringProtocol {
    /// Every UTF-8 byte outside RFC 3986's unreserved set (`A–Z a–z 0–9 - . _ ~`) and `keeping`
    /// as `%XX`: for the parts of URLs built from what a person typed or a file was called.
    public func percentEncoded(keeping extra: String = "") -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let kept = Array(extra.utf8)              // a character or two: a scan beats a set
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            case _ where kept.contains(byte):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
