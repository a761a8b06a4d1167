import FoundationEssentials
import PhotoPagerBase

/// Where an entry lives inside a store: an optional folder (one per photo) and a name, both
/// reduced to safe file-name characters. Keys from the network (ids, URLs) are untrusted: a
/// name can never climb out of the store ("../"), and a long or odd one is hashed.
public struct EntryKey: Sendable, Hashable {
    public let folder: String?
    public let name: String

    public init(folder: String? = nil, name: String) {
        self.folder = folder
        self.name = name
    }

    /// A key for arbitrary text (a URL): its `StableHash`, readable prefix kept for debugging.
    public static func hashed(_ text: String, folder: String? = nil) -> EntryKey {
        EntryKey(folder: folder, name: String(safe(text).prefix(40)) + "-" + StableHash.hex(text))
    }

    var relativePath: String {
        (folder.map { Self.unique($0) + "/" } ?? "") + Self.unique(name)
    }

    /// The safe form, with the text's hash added when that changed it ("a b" and "a_b" must
    /// not share an entry).
    static func unique(_ text: String) -> String {
        let safe = safe(text)
        return safe == text ? safe : safe + "~" + StableHash.hex(text)
    }

    /// `[A-Za-z0-9._~-]` kept, everything else `_`; never empty, never starting with a dot.
    static func safe(_ text: String) -> String {
        var out = String(text.unicodeScalars.prefix(120).map { scalar -> Character in
            switch scalar {
            case "a" ... "z", "A" ... "Z", "0" ... "9", "-", "_", ".", "~": Character(scalar)
            default: "_"
            }
        })
        if out.isEmpty || out.hasPrefix(".") { out = "_" + out }
        return out
    }
}
