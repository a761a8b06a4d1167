import FoundationEssentials
import Glibc

/// The trash as desktops share it (the freedesktop.org Trash specification): a file goes to
/// `$XDG_DATA_HOME/Trash/files/NAME` with `info/NAME.trashinfo` saying where it was
/// (`Path`, percent-encoded) and when (`DeletionDate`, local time); a file on another
/// filesystem goes to that volume's `.Trash/UID` (when it is a sticky folder, not a link)
/// or `.Trash-UID`. A name already in the trash gets a number (`IMG_1.2.jpg`). Nothing is
/// ever unlinked: the file is renamed in, and renamed back by `restore`.
public struct FreedesktopTrash: Sendable {
    /// Where one file went: enough to put it back.
    public struct Entry: Sendable, Hashable {
        public let original: String
        public let trashed: String
        public let info: String
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The home trash (`$XDG_DATA_HOME/Trash`); nil when the environment names no home.
    public let home: String?
    private let uid = getuid()

    public init(environment: [String: String]) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/share" }
        home = data.map { $0 + "/Trash" }
    }

    /// Moves `path` to the trash of its filesystem, `now` its deletion time.
    public func trash(_ path: String, now: Date = Date()) throws(Failure) -> Entry {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        let (trash, recordedPath) = try trashFolder(for: path, device: status.st_dev)
        AtomicFile.makeFolders(AtomicFile.folder(of: trash))
        for folder in [trash, trash + "/files", trash + "/info"] where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "cannot make the trash \(folder): \(String(cString: strerror(errno)))")
        }
        let text = "[Trash Info]\nPath=\(recordedPath.percentEncoded(keeping: "/"))\nDeletionDate=\(Self.localTime(now))\n"
        let name = Self.lastComponent(path)
        for attempt in 1 ... 10_000 {
            let candidate = Self.numbered(name, attempt)
            let info = trash + "/info/" + candidate + ".trashinfo", target = trash + "/files/" + candidate
            // The info file is made first, exclusively: it claims the name (the specification's order).
            let fd = open(info, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: "cannot write \(info): \(String(cString: strerror(errno)))")
            }
            let written = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) } == text.utf8.count
            let flushed = fsync(fd) == 0
            close(fd)
            guard written, flushed else {
                unlink(info)
                throw Failure(description: "cannot write \(info): \(String(cString: strerror(errno)))")
            }
            if access(target, F_OK) == 0 { unlink(info); continue }           // a file left without its info
            guard rename(path, target) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(info)
                throw Failure(description: "cannot move \(path) to the trash: \(reason)")
            }
            return Entry(original: path, trashed: target, info: info)
        }
        throw Failure(description: "the trash has too many files named \(name)")
    }

    /// Puts a trashed file back under its name; a file of that name there now stays, and the
    /// trashed one with it.
    public func restore(_ entry: Entry) throws(Failure) {
        guard access(entry.original, F_OK) != 0 else {
            throw Failure(description: "\(entry.original) exists again: the trashed one stays in the trash")
        }
        guard rename(entry.trashed, entry.original) == 0 else {
            throw Failure(description: "cannot restore \(entry.original): \(String(cString: strerror(errno)))")
        }
        unlink(entry.info)
    }

    // MARK: - Which trash

    /// The trash for a file on `device`, and the path its info records (absolute in the home
    /// trash, relative to the volume's top in a volume's).
    private func trashFolder(for path: String, device: dev_t) throws(Failure) -> (String, String) {
        if let home {
            // The home trash's filesystem: the trash itself, else the nearest folder that exists.
            var probe = home, status = stat()
            while stat(probe, &status) != 0, probe != "/" { probe = AtomicFile.folder(of: probe) }
            if status.st_dev == device { return (home, path) }
        }
        let top = Self.topDirectory(of: path, device: device)
        let prefix = top == "/" ? "/" : top + "/"
        let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        // `$topdir/.Trash/$uid`, when an administrator made `.Trash` sticky and it is no link.
        var shared = stat()
        if lstat(prefix + ".Trash", &shared) == 0, (shared.st_mode & S_IFMT) == S_IFDIR, shared.st_mode & S_ISVTX != 0 {
            let own = prefix + ".Trash/\(uid)"
            if mkdir(own, 0o700) == 0 || errno == EEXIST { return (own, relative) }
        }
        let own = prefix + ".Trash-\(uid)"
        var status = stat()
        if lstat(own, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR || status.st_uid != uid {
            throw Failure(description: "\(own) is not this user's trash folder")
        }
        return (own, relative)
    }

    /// The mount point of the filesystem `path` is on: its highest folder on the same device.
    static func topDirectory(of path: String, device: dev_t) -> String {
        var top = AtomicFile.folder(of: path)
        while top != "/" {
            let parent = AtomicFile.folder(of: top)
            var status = stat()
            guard stat(parent, &status) == 0, status.st_dev == device else { break }
            top = parent
        }
        return top
    }

    // MARK: - Names and text

    /// "IMG_1.jpg", then "IMG_1.2.jpg", "IMG_1.3.jpg"…
    static func numbered(_ name: String, _ attempt: Int) -> String {
        guard attempt > 1 else { return name }
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name + ".\(attempt)" }
        return String(name[..<dot]) + ".\(attempt)" + String(name[dot...])
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// "2026-12-03T23:42:05", the local time without a zone, as the specification asks.
    static func localTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
