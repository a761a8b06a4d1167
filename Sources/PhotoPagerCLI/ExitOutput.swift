import PhotoLibrary
import PhotoPagerBase

/// What `q` prints on stdout after the terminal is restored: each shared or marked photo, once,
/// in the order first chosen, in the form `--print` names, one per line or NUL-separated
/// (`--print0`, for `xargs -0`).
struct ExitOutput: Equatable {
    enum Form: String, CaseIterable {
        /// The share URL (as `s` shows it).
        case url
        /// The file's path; a remote photo's downloaded original.
        case path
        /// The photo's id.
        case id
        /// One Unsplash photo object per line.
        case json
    }

    var form = Form.url
    var nulSeparated = false

    static let formChoices = Form.allCases.map(\.rawValue).joined(separator: ", ")

    /// The bytes for `picked`. `toTerminal`: stdout is a terminal, so every item passes the
    /// sanitiser (a file name may hold escape sequences); into a pipe paths go byte for byte.
    /// An item that cannot be written is reported and left out: one holding the separator, or a
    /// photo without that form.
    func bytes(for picked: [LibraryPhoto], toTerminal: Bool, path: (LibraryPhoto) -> String?,
               report: (String) -> Void) -> [UInt8] {
        let separator: UInt8 = nulSeparated ? 0 : 0x0A
        var out: [UInt8] = []
        for item in picked {
            guard let text = self.text(item, path: path) else {
                report("\(TerminalText.sanitized(item.photo.id)): no \(form.rawValue) to print")
                continue
            }
            let line = toTerminal ? TerminalText.sanitized(text) : text
            guard !line.utf8.contains(separator) else {
                report("\(TerminalText.sanitized(text)): holds a \(nulSeparated ? "NUL" : "newline"); use --print0")
                continue
            }
            out += Array(line.utf8) + [separator]
        }
        return out
    }

    private func text(_ item: LibraryPhoto, path: (LibraryPhoto) -> String?) -> String? {
        switch form {
        case .url: return ShareLink.url(for: item.photo)
        case .path: return path(item)
        case .id: return item.photo.id.isEmpty ? nil : item.photo.id
        case .json: return ListCommand.jsonLine(item.photo)
        }
    }
}
