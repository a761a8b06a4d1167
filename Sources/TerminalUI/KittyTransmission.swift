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
        rewritten(bytes, leading: "a=t,i=\(imageID)")
    }

    /// `bytes` (a `KittyEncoder` transmission) as the next frame of animation `imageID`
    /// (`a=f`), shown for `gap` milliseconds.
    public static func frame(_ bytes: [UInt8], imageID: UInt32, gap: Int) -> [UInt8]? {
        // `c` and `r` mean the base frame and the frame to edit here, not a placement's cells.
        guard let first = rewritten(bytes, leading: "a=f,i=\(imageID),z=\(max(1, gap))", dropping: ["c", "r"]) else {
            return nil
        }
        // Every continuation chunk says `a=f` too: kitty 0.26 takes a chunk without it for
        // `a=t`, and the frame's data then replaces the first frame's (nothing plays).
        let start: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        var out: [UInt8] = []
        out.reserveCapacity(first.count + first.count / 1000)
        var index = 0
        while index < first.count {
            if index > 0, first[index] == 0x1B, first[index...].starts(with: start) {
                out += start + Array("a=f,".utf8)
                index += start.count
            } else {
                out.append(first[index])
                index += 1
            }
        }
        return out
    }

    /// Animation `imageID` (its frames sent): the first frame's gap, then playing round and
    /// round (`s=3,v=1`), or stopped on the frame shown (`s=1`).
    public static func animation(imageID: UInt32, firstGap: Int? = nil, playing: Bool) -> [UInt8] {
        var out: [UInt8] = []
        if let firstGap { out += Array("\u{1B}_Ga=a,i=\(imageID),r=1,z=\(max(1, firstGap)),q=2\u{1B}\\".utf8) }
        out += Array("\u{1B}_Ga=a,i=\(imageID),\(playing ? "s=3,v=1" : "s=1"),q=2\u{1B}\\".utf8)
        return out
    }

    /// The first chunk's own keys but those the writer sets, after `leading`, with `q=2`.
    private static func rewritten(_ bytes: [UInt8], leading: String, dropping: Set<String> = []) -> [UInt8]? {
        let prefix: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        guard bytes.starts(with: prefix) else { return nil }
        guard let end = bytes[prefix.count...].firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == 0x1B }) else {
            return nil
        }
        let dropped = replacedKeys.union(dropping.map { Array($0.utf8) })
        let keys = bytes[prefix.count..<end].split(separator: UInt8(ascii: ",")).filter { !dropped.contains(key(of: $0)) }
        let quiet = keys.contains { key(of: $0) == Array("q".utf8) }
        var out = prefix
        out.reserveCapacity(bytes.count + 24)
        out.append(contentsOf: Array(leading.utf8))
        for pair in keys {
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: pair)
        }
        if !quiet { out.append(ascii: ",q=2") }
        out.append(contentsOf: bytes[end...])
        return out
    }

    /// The keys the writer sets itself: action, image id/number, placement id, cursor movement.
    private static let replacedKeys: Set<[UInt8]> = Set(["a", "i", "I", "p", "C", "z"].map { Array($0.utf8) })

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
