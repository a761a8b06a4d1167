import FoundationEssentials

/// `file://` URIs that survive copy and paste: every byte outside the unreserved set (and "/")
/// is percent-encoded, so spaces, `#`, `?`, `%` and non-ASCII names stay one unambiguous link.
public enum FileURI {
    public static func string(for url: URL) -> String {
        let path = url.standardizedFileURL.path
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += byte < 16 ? "%0" + hex : "%" + hex
            }
        }
        return out
    }
}
