/// Makes a cell's link safe to put inside an OSC 8 sequence.
///
/// Why: the URI travels inside an escape sequence, so a control character in it (a manifest's
/// `links.html` is untrusted text) could end the sequence early and run whatever follows. The
/// OSC 8 convention also allows only bytes 32–126 in the URI, so anything else is
/// percent-encoded rather than dropped, which keeps international URLs working.
enum HyperlinkTarget {
    /// Longer URIs are not linked at all: terminals cap them (VTE at 2083 bytes) and would show
    /// a broken link.
    static let maximumLength = 2048

    /// The URI to send, or `nil` when nothing linkable is left.
    static func sanitized(_ uri: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(uri.utf8.count)
        for scalar in uri.unicodeScalars where !isRemoved(scalar) {
            for byte in String(scalar).utf8 {
                if (0x21...0x7E).contains(byte) {
                    bytes.append(byte)
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
            }
        }
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// C0, DEL, C1 and the bidi controls that `TerminalText.sanitized` also removes.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x41 + value - 10
    }
}
