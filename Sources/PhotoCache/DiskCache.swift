import PhotoPagerBase
import FoundationEssentials
import Glibc

/// The one cache directory, `$XDG_CACHE_HOME/photopager/` (default `~/.cache/photopager/`), with
/// sub-stores under one size budget.
///
/// - Writes are atomic (a temp file renamed into place), so a reader never sees half an entry
///   and two instances can share the directory.
/// - Each entry carries its length and a checksum; a truncated or corrupt one reads as missing
///   (and is removed), so the caller simply fetches again.
/// - Recency is the file's mtime, touched on every read (atime is unreliable on relatime
///   mounts); when the total passes the budget the least recently used entries go first.
public final class DiskCache: Sendable {
    public enum Store: String, Sendable, CaseIterable {
        /// API replies (feed pages, full photo objects).
        case api
        /// Downloaded images, one folder per photo, one file per size.
        case images
        /// Thumbnails of local photos at the sizes the grid drew them (`ThumbnailStore`).
        case thumbs
    }

    public let root: URL
    public let budgetBytes: Int
    /// The bytes this instance believes are stored; nil until first needed (a scan).
    private let total = Locked<Int?>(nil)
    /// Whether the root was checked to be private (once per instance).
    private let closed = Locked(false)

    public init(root: URL, budgetBytes: Int) {
        self.root = root
        self.budgetBytes = max(0, budgetBytes)
    }

    /// `$XDG_CACHE_HOME/photopager`, else `$HOME/.cache/photopager`; nil without either.
    public static func defaultRoot(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("photopager")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/photopager")
    }

    // MARK: Entries

    /// The entry's bytes when present and intact; marks it recently used.
    public func read(_ store: Store, _ key: EntryKey) -> Data? {
        let file = url(store, key)
        guard let stored = try? Data(contentsOf: file) else { return nil }
        guard let body = EntryFormat.unwrap(stored) else {
            unlink(file.path)                 // damaged: forget it, the caller fetches again
            return nil
        }
        utimensat(AT_FDCWD, file.path, nil, 0)
        return body
    }

    /// Stores `data` under `key`, replacing any older entry; then keeps the budget. Failures
    /// (a full or read-only disk) are ignored: the cache is an optimisation, never a reason
    /// to fail.
    public func write(_ store: Store, _ key: EntryKey, _ data: Data) {
        guard budgetBytes > 0 else { return }
        let file = url(store, key)
        let directory = file.deletingLastPathComponent()
        let wrapped = EntryFormat.wrap(data)
        let temporary = directory.appendingPathComponent(".tmp-\(getpid())-\(UInt64.random(in: 0 ... .max))")
        makePrivate()
        guard Self.makeDirectory(directory.path), Self.writePrivately(wrapped, to: temporary.path) else {
            unlink(temporary.path)
            return
        }
        let replaced = Self.size(of: file)
        guard rename(temporary.path, file.path) == 0 else { unlink(temporary.path); return }
        let over = total.withLock { total -> Bool in
            if total == nil { total = scan().reduce(0) { $0 + $1.size } } else { total! += wrapped.count - replaced }
            return total! > budgetBytes
        }
        if over { evict() }
    }

    /// The cache holds a private library's photos: its directories are 0700 and its files 0600,
    /// whatever the umask; a root left 0755 by an older version is closed on the first write.
    private func makePrivate() {
        let checked = closed.withLock { done -> Bool in
            defer { done = true }
            return done
        }
        guard !checked else { return }
        var info = stat()
        if stat(root.path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 { chmod(root.path, 0o700) }
    }

    /// `path` and any missing parent made 0700.
    static func makeDirectory(_ path: String) -> Bool {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return true }
        guard errno == ENOENT, path.count > 1 else { return false }
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard !parent.isEmpty, makeDirectory(parent) else { return false }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    /// A new file at `path`, 0600, holding `data`; false when any of it failed (a full disk).
    static func writePrivately(_ data: Data, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                written += n
            }
            return true
        }
    }

    /// The keys stored in one folder of a store (`EntryKey.folder`), e.g. every size cached
    /// of one photo.
    public func keys(_ store: Store, folder: String) -> [EntryKey] {
        let directory = root.appendingPathComponent(store.rawValue).appendingPathComponent(EntryKey.unique(folder))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.map { EntryKey(folder: folder, name: $0) }
    }

    public func remove(_ store: Store, _ key: EntryKey) {
        unlink(url(store, key).path)
    }

    /// Bytes stored across every store (scans the directory).
    public var storedBytes: Int { scan().reduce(0) { $0 + $1.size } }

    func url(_ store: Store, _ key: EntryKey) -> URL {
        root.appendingPathComponent(store.rawValue).appendingPathComponent(key.relativePath)
    }

    // MARK: Budget

    /// Removes least recently used entries until the cache is at 90% of its budget (so the next
    /// few writes do not each trigger a scan).
    private func evict() {
        var entries = scan().sorted { $0.modified < $1.modified }
        var stored = entries.reduce(0) { $0 + $1.size }
        let target = budgetBytes / 10 * 9
        while stored > target, !entries.isEmpty {
            let oldest = entries.removeFirst()
            if unlink(oldest.path) == 0 || errno == ENOENT { stored -= oldest.size }
        }
        total.withLock { $0 = stored }
    }

    private struct Stored { let path: String; let size: Int; let modified: Double }

    /// Every entry file under the root; stale temp files from crashed runs are removed on the way.
    private func scan() -> [Stored] {
        var found: [Stored] = []
        let now = Double(time(nil))
        var directories = [root.path]
        while let directory = directories.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                let path = directory + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR { directories.append(path); continue }
                guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
                if name.hasPrefix(".tmp-") {
                    if now - modified > 3600 { unlink(path) }
                    continue
                }
                found.append(Stored(path: path, size: Int(info.st_size), modified: modified))
            }
        }
        return found
    }

    private static func size(of file: URL) -> Int {
        var info = stat()
        return lstat(file.path, &info) == 0 ? Int(info.st_size) : 0
    }
}
