import FoundationEssentials
import Glibc
import PhotoPagerBase

/// Ratings and turns of photos in folders the person cannot write (a card, a share, someone
/// else's photos): kept in photopager's own data, `$XDG_DATA_HOME/photopager/ratings`, each
/// under the photo's path, size and modification time (a file replaced by another of the same
/// name does not inherit them). One line a photo, tab-separated; the file is replaced whole
/// and atomically at each change.
public struct RatingStore: Sendable {
    public struct Entry: Sendable, Equatable {
        public var rating: Int?
        public var orientation: Int?
        public init(rating: Int? = nil, orientation: Int? = nil) {
            self.rating = rating
            self.orientation = orientation
        }
    }

    /// The file's place; nil when neither `XDG_DATA_HOME` nor `HOME` says where.
    public let path: String?
    private let entries: Locked<[String: (size: Int64, modified: Int64, entry: Entry)]>

    public init(environment: [String: String]) {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/share" }
        path = base.map { $0 + "/photopager/ratings" }
        entries = Locked(path.map(Self.load) ?? [:])
    }

    public var isEmpty: Bool { entries.withLock { $0.isEmpty } }

    /// What is kept for the file at `path`, if it is still the same file.
    public func entry(for file: String) -> Entry? {
        guard let kept = entries.withLock({ $0[file] }), let (size, modified) = Self.identity(of: file),
              kept.size == size, kept.modified == modified else { return nil }
        return kept.entry
    }

    /// Changes the entry of each of `files` (a rating keeps the turn, and the other way round)
    /// and writes the store.
    public func update(_ files: [String], _ change: (inout Entry) -> Void) throws(AtomicFile.Failure) {
        guard let path else { throw AtomicFile.Failure(path: "$XDG_DATA_HOME/photopager/ratings", errno: ENOENT) }
        let text = entries.withLock { entries -> String in
            for file in files {
                guard let (size, modified) = Self.identity(of: file) else { continue }
                var entry = entries[file].flatMap { $0.size == size && $0.modified == modified ? $0.entry : nil } ?? Entry()
                change(&entry)
                entries[file] = (size, modified, entry)
            }
            return Self.text(entries)
        }
        AtomicFile.makeFolders(AtomicFile.folder(of: path))
        try AtomicFile.replace(path, with: Array(text.utf8), mode: 0o600)
    }

    // MARK: - The file

    static func text(_ entries: [String: (size: Int64, modified: Int64, entry: Entry)]) -> String {
        var text = "# photopager: ratings (-1 rejected) and orientations of photos in folders it cannot write\n"
        for (file, kept) in entries.sorted(by: { $0.key < $1.key }) {
            let rating = kept.entry.rating.map(String.init) ?? "-", orientation = kept.entry.orientation.map(String.init) ?? "-"
            text += "\(rating)\t\(orientation)\t\(kept.size)\t\(kept.modified)\t\(file.percentEncoded(keeping: "/ "))\n"
        }
        return text
    }

    private static func load(_ path: String) -> [String: (size: Int64, modified: Int64, entry: Entry)] {
        guard let bytes = try? AtomicFile.read(path) else { return [:] }
        var entries: [String: (size: Int64, modified: Int64, entry: Entry)] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let size = Int64(fields[2]), let modified = Int64(fields[3]) else { continue }
            let entry = Entry(rating: Int(fields[0]).flatMap { (-1 ... 5).contains($0) ? $0 : nil },
                              orientation: Int(fields[1]).flatMap { (1 ... 8).contains($0) ? $0 : nil })
            entries[String(fields[4]).percentDecoded ?? String(fields[4])] = (size, modified, entry)
        }
        return entries
    }

    /// A file's size and modification time in nanoseconds; nil when it is gone.
    static func identity(of file: String) -> (Int64, Int64)? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        return (Int64(status.st_size), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }
}
