import TerminalGraphics

/// Rewrites a `KittyEncoder` transmission so the writer controls its id and its display.
///
/// Why: encoders run ahead of time on other threads (pre-encoding neighbours), before the writer
/// has decided which id the image gets; and the writer wants "transmit" (`a=t`) separate from
/// "place" (`a=p`), so a revisit is one short placement. Only the first chunk carries keys; the
/// continuation chunks pass through untouched.
public enum KittyTransmission {
    /// Whether `bytes` start with a kitty graphics command that ``retagged(_:imageID:)`` can rewrite.
    static func isTransmission(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")])
            && bytes.dropFirst(3).contains { $0 == UInt8(ascii: ";") || $0 == 0x1B }
    }

    /// `bytes` with the first chunk's keys `a`, `i`, `I`, `p`, `C` replaced by `a=t,i=<id>`, and
    /// `q=2` added when missing (replies would land in the input stream). `nil` when `bytes` do
    /// not start with a kitty graphics command.
    static func retagged(_ bytes: [UInt8], imageID: UInt32) -> [UInt8]? {
        let prefix: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        guard bytes.starts(with: prefix) else { return nil }
        guard let end = bytes[prefix.count...].firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == 0x1B }) else {
            return nil
        }
        let keys = bytes[prefix.count..<end].split(separator: UInt8(ascii: ",")).filter { !replacedKeys.contains(key(of: $0)) }
        let quiet = keys.contains { key(of: $0) == Array("q".utf8) }
        var out = prefix
        out.reserveCapacity(bytes.count + 16)
        out.append(ascii: "a=t,i=")
        out.append(decimal: Int(imageID))
        for pair in keys {
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: pair)
        }
        if !quiet { out.append(ascii: ",q=2") }
        out.append(contentsOf: bytes[end...])
        return out
    }

    /// The keys the writer sets itself: action, image id/number, placement id, cursor movement.
    private static let replacedKeys: Set<[UInt8]> = Set(["a", "i", "I", "p", "C"].map { Array($0.utf8) })

    private static func key(of pair: ArraySlice<UInt8>) -> [UInt8] {
        Array(pair.prefix { $0 != UInt8(ascii: "=") })
    }

    /// Where transmissions of ours (``retagged(_:imageID:)``: `ESC _G a=t,…`) start in `bytes`.
    public static func transmissionStarts(in bytes: [UInt8]) -> [Int] {
        let marker: [UInt8] = Array("\u{1B}_Ga=t,".utf8)
        var starts: [Int] = []
        var i = 0
        while i + marker.count <= bytes.count {
            guard let escape = bytes[i...].firstIndex(of: 0x1B) else { break }
            if bytes[escape...].starts(with: marker) { starts.append(escape) }
            i = escape + 1
        }
        return starts
    }

    /// The transmission starting at `start`, chunks and all: the first chunk's keys without
    /// `m`, the base64 payload of every chunk joined (each chunk but the last holds a multiple
    /// of 4 characters, so the join is one base64 text), and the index just past its last chunk.
    /// nil when the bytes there are not a complete transmission.
    public static func chunks(in bytes: [UInt8], at start: Int) -> (keys: [UInt8], payload: [UInt8], end: Int)? {
        var keys: [UInt8]?
        var payload: [UInt8] = []
        var i = start
        while true {
            guard bytes[i...].starts(with: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]),
                  let semicolon = bytes[(i + 3)...].firstIndex(of: UInt8(ascii: ";")),
                  let escape = bytes[semicolon...].firstIndex(of: 0x1B),
                  escape + 1 < bytes.count, bytes[escape + 1] == UInt8(ascii: "\\")
            else { return nil }
            let pairs = bytes[(i + 3) ..< semicolon].split(separator: UInt8(ascii: ","))
            let more = pairs.contains { Array($0) == Array("m=1".utf8) }
            if keys == nil {
                keys = Array(pairs.filter { key(of: $0) != Array("m".utf8) }.joined(separator: [UInt8(ascii: ",")]))
            }
            payload += bytes[(semicolon + 1) ..< escape]
            i = escape + 2
            if !more { return (keys ?? [], payload, i) }
        }
    }

    /// `keys` with the pixels in the file at `path` (`t=t`: kitty reads it, then deletes it).
    public static func fromFile(keys: [UInt8], path: String) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        out += keys
        out.append(ascii: ",t=t;")
        out += Base64.encode(Array(path.utf8))
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// `a=d,d=i`: removes every placement of `imageID` but keeps its pixels, so it can be placed
    /// again without re-sending them.
    static func deletePlacements(imageID: UInt32) -> [UInt8] {
        var out: [UInt8] = []
        out.append(ascii: "\u{1B}_Ga=d,d=i,i=")
        out.append(decimal: Int(imageID))
        out.append(ascii: ",q=2\u{1B}\\")
        return out
    }
}
