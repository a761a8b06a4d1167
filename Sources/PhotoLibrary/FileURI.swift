import FoundationEssentials
import PhotoPagerBase

/// `file://` URIs that survive copy and paste: every byte outside the unreserved set (and "/")
/// is percent-encoded, so spaces, `#`, `?`, `%` and non-ASCII names stay one unambiguous link.
public enum FileURI {
    public static func string(for url: URL) -> String {
        string(forStandardPath: standardPath(url))
    }

    /// The URI of a path already standardised (`standardPath`).
    static func string(forStandardPath path: String) -> String {
        "file://" + path.percentEncoded(keeping: "/")
    }

    /// `url.standardizedFileURL.path`, without the (slow) standardising when the path is already
    /// absolute and free of `.`/`..` segments and doubled slashes, as a folder walk's paths are.
    static func standardPath(_ url: URL) -> String {
        let path = url.path
        return isStandard(path) ? path : url.standardizedFileURL.path
    }

    /// Absolute, and no empty, `.` or `..` segment (one pass over the bytes).
    static func isStandard(_ path: String) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        var segment = 0, dots = 0, length = 1
        while let byte = bytes.next() {
            length += 1
            if byte == UInt8(ascii: "/") {
                if segment == 0 || segment == dots && dots <= 2 { return false }
                segment = 0; dots = 0
            } else {
                segment += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length == 1 || (segment > 0 && !(segment == dots && dots <= 2))
    }
}
