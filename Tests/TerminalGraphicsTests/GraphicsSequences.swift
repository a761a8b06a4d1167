/// Splits kitty (APC `ESC _ G … ESC \`) and iTerm2 (OSC `ESC ] 1337 ; … BEL`) output back into
/// its sequences, rejecting any byte outside one.
enum GraphicsSequences {
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    struct KittyChunk {
        var control: [String: String]
        var payload: [UInt8]
    }

    /// Every `ESC _ G <key=value,…> ; <payload> ESC \` in `bytes`, which must hold nothing else.
    static func kittyChunks(_ bytes: [UInt8]) throws -> [KittyChunk] {
        var chunks: [KittyChunk] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "_"), bytes[i + 2] == UInt8(ascii: "G") else {
                throw ParseError(description: "byte \(i) is outside an APC G sequence")
            }
            var end = i + 3
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < bytes.count else { throw ParseError(description: "unterminated APC at \(i)") }
            let body = bytes[(i + 3)..<end]
            let semicolon = body.firstIndex(of: UInt8(ascii: ";")) ?? body.endIndex
            let control = try parseKeys(String(decoding: body[body.startIndex..<semicolon], as: UTF8.self), separator: ",")
            let payload = semicolon < body.endIndex ? Array(body[(semicolon + 1)...]) : []
            chunks.append(KittyChunk(control: control, payload: payload))
            i = end + 2
        }
        return chunks
    }

    /// The arguments and payload of the single `ESC ] 1337 ; File=<args> : <payload> BEL` that
    /// `bytes` must consist of.
    static func iterm2File(_ bytes: [UInt8]) throws -> (arguments: [String: String], payload: [UInt8]) {
        let prefix = Array("\u{1B}]1337;File=".utf8)
        guard bytes.starts(with: prefix), bytes.last == 0x07 else {
            throw ParseError(description: "not an OSC 1337 File= sequence ending in BEL")
        }
        let body = bytes[prefix.count..<(bytes.count - 1)]
        guard let colon = body.firstIndex(of: UInt8(ascii: ":")) else { throw ParseError(description: "no ':' before the payload") }
        guard !body.contains(0x07), !body.contains(0x1B) else { throw ParseError(description: "stray BEL/ESC inside the sequence") }
        let arguments = try parseKeys(String(decoding: body[body.startIndex..<colon], as: UTF8.self), separator: ";")
        return (arguments, Array(body[(colon + 1)...]))
    }

    private static func parseKeys(_ text: String, separator: Character) throws -> [String: String] {
        var keys: [String: String] = [:]
        for pair in text.split(separator: separator) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw ParseError(description: "malformed key \(pair)") }
            guard keys.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else {
                throw ParseError(description: "duplicate key \(parts[0])")
            }
        }
        return keys
    }
}
