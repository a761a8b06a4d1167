/// The encodings we decode, recognised by their first bytes: a file's extension is only a hint
/// that users and cameras get wrong.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif

    /// Sniffs the magic bytes at the start of a file; `nil` when it is not an image we decode.
    public init?(magic bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + sig.count && Array(head[offset ..< offset + sig.count]) == sig
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else {
            return nil
        }
    }

    /// How many leading bytes `init(magic:)` needs to decide.
    public static let magicLength = 12
}
