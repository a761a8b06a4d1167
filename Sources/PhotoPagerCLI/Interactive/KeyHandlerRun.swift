import FoundationEssentials
import Glibc
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore
import TerminalIO

/// Runs the person's key handler (Ctrl-X then a key), as nsxiv does: the executable named by
/// `key_handler` in the config (default `$XDG_CONFIG_HOME/photopager/key-handler`), no shell,
/// the key's name its one argument, the photos' paths (share URLs for remote photos) on its
/// stdin one a line (NUL-separated with `print0`). It has the terminal meanwhile. Afterwards
/// the photos whose files it removed or changed are told apart by a `stat` before and after.
struct KeyHandlerRun: Sendable {
    /// The executable; nil when the environment names no config folder.
    let path: String?
    let nulSeparated: Bool
    let environment: [String: String]

    init(configured: String?, nulSeparated: Bool, environment: [String: String]) {
        let folder = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? environment["HOME"].map { $0 + "/.config" }
        path = configured.map { $0.hasPrefix("~/") ? (environment["HOME"] ?? "") + $0.dropFirst() : $0 } ?? folder.map { $0 + "/photopager/key-handler" }
        self.nulSeparated = nulSeparated
        self.environment = environment
    }

    /// Runs it for `key` on `photos` inside `lend` (which gives it the terminal).
    func run(key: String, photos: [Photo], lend: (() -> Platform.Finished?) throws -> Platform.Finished?) rethrows -> KeyHandler.Outcome {
        guard let path, access(path, X_OK) == 0 else {
            return KeyHandler.Outcome(key: key, status: nil, message: "no key handler: make an executable \(path ?? "~/.config/photopager/key-handler") (man photopager, KEY HANDLER)")
        }
        let lines = photos.compactMap { $0.localFiles.first ?? ShareLink.url(for: $0) }
        let input = Array(lines.joined(separator: nulSeparated ? "\0" : "\n").utf8) + (lines.isEmpty ? [] : [nulSeparated ? 0 : 10])
        let before = photos.map { $0.localFiles.first.map(Self.identity) }
        guard let finished = try lend({ Platform.runAttached([path, key], environment: environment, input: input) }) else {
            return KeyHandler.Outcome(key: key, status: nil, message: "\(path) could not be started")
        }
        var removed: [String] = [], changed: [Photo] = []
        for (photo, was) in zip(photos, before) {
            guard let file = photo.localFiles.first, let was else { continue }
            let now = Self.identity(file)
            if now == nil {
                removed.append(photo.id)
            } else if now != was, let fresh = try? LocalPhoto.make(url: URL(fileURLWithPath: file)).photo {
                changed.append(fresh)
            }
        }
        let last = finished.output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return KeyHandler.Outcome(key: key, status: finished.status, message: finished.status == nil ? "killed by a signal" : last,
                                  removed: removed, changed: changed)
    }

    /// A file's size and modification time; nil when it is gone.
    static func identity(_ path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
    }
}
