import FoundationEssentials
import Glibc
import PhotoDecoding
import PhotoPagerBase

/// Lists the files under the paths a person named: directories recursively, hidden entries
/// skipped, symlinked directories followed once (a loop back to an ancestor is cut by
/// remembering each directory's device and inode), entries in natural order.
///
/// `linksTakenAsFiles`: extensions of links taken for files without following them (each file
/// is read later anyway, and a link that leads nowhere then fails to read): a folder of 10,000
/// links into a network share waited 30 ms on their stats, `list` of 100,000 ~0.5 s.
struct PathWalker {
    private var visited = Set<FileIdentity>()
    private(set) var problems: [String] = []
    let linksTakenAsFiles: Set<String>

    init(linksTakenAsFiles: Set<String> = []) { self.linksTakenAsFiles = linksTakenAsFiles }

    /// A file found: its path and its lowercased extension (``LocalPhoto/fileExtension(of:)``),
    /// told once here, where a 100,000-file folder's listing told it four times.
    struct File: Equatable {
        let path: String
        let ext: String
    }

    /// The paths of the regular files under `path`, depth-first, in natural order within each
    /// directory. Plain paths: a URL per entry (and asking it for its path again) was most of the
    /// time of listing a 10,000-file folder; files become URLs as they become photos.
    mutating func files(underPath path: String) -> [File] {
        guard let status = Self.status(of: path) else {
            problems.append("\(path): no such file or directory")
            return []
        }
        guard status.isDirectory else { return [File(path: path, ext: LocalPhoto.fileExtension(of: path))] }
        return files(inDirectory: path, identity: status.identity)
    }

    private mutating func files(inDirectory path: String, identity: FileIdentity) -> [File] {
        guard visited.insert(identity).inserted else { return [] }     // a loop: seen it
        guard let entries = Self.entries(of: path) else {
            problems.append("\(path): cannot read directory")
            return []
        }
        let directory = path.hasSuffix("/") ? path : path + "/"
        let order = NaturalOrder.sortedIndices(entries.names)
        // Each entry's path and extension, in order, on every core: at 100,000 entries, 45 ms
        // on one.
        let made = Locked([File?](repeating: nil, count: order.count))
        ParallelRows.forEach(order.count, minimumRows: 1024) { _, range in
            let slice = range.map { File(path: directory + entries.names[order[$0]], ext: LocalPhoto.fileExtension(of: entries.names[order[$0]])) }
            made.withLock { $0.replaceSubrange(range, with: slice) }
        }
        let entryFiles = made.withLock { $0 }.compactMap { $0 }       // every slot was made above
        // The directory listing says what most entries are: a regular file needs no stat. Links
        // (and file systems that do not say) are followed with stat, on every core — a folder
        // of 10,000 symlinks was waiting on 10,000 stats one by one.
        let unsure = order.indices.filter { position in
            switch entries.types[order[position]] {
            case UInt8(DT_REG): false
            case UInt8(DT_LNK): !linksTakenAsFiles.contains(entryFiles[position].ext)
            default: true
            }
        }
        guard !unsure.isEmpty else { return entryFiles }
        let statuses = Locked([Int: (isDirectory: Bool, identity: FileIdentity)?]())
        ParallelRows.forEach(unsure.count, minimumRows: 256) { _, range in
            let found = range.map { (unsure[$0], Self.status(of: entryFiles[unsure[$0]].path)) }
            statuses.withLock { for (position, status) in found { $0[position] = status } }
        }
        let known = statuses.withLock { $0 }
        var files: [File] = []
        files.reserveCapacity(order.count)
        for (position, file) in entryFiles.enumerated() {
            guard let entry = known[position] else { files.append(file); continue }       // a regular file
            guard let status = entry else {
                problems.append("\(file.path): no such file or directory")
                continue
            }
            if status.isDirectory { files += self.files(inDirectory: file.path, identity: status.identity) } else { files.append(file) }
        }
        return files
    }

    struct FileIdentity: Hashable { let device: UInt64; let inode: UInt64 }

    /// The visible entries of a directory with their `d_type` (`DT_UNKNOWN` where the file
    /// system does not say), or nil when it cannot be read.
    private static func entries(of path: String) -> (names: [String], types: [UInt8])? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var names: [String] = [], types: [UInt8] = []
        while let entry = readdir(stream) {
            let name = Self.name(of: entry)
            guard !name.hasPrefix(".") else { continue }           // hidden, and . and ..
            names.append(name)
            types.append(entry.pointee.d_type)
        }
        return (names, types)
    }

    /// The entry's name, read where it lies inside its record. A `dirent` is only as long as
    /// `d_reclen` says (its name padded to 8 bytes, not to `NAME_MAX`): copying the whole
    /// 256-byte `d_name` array out of the last record of readdir's buffer read past the end of
    /// it (AddressSanitizer: heap-buffer-overflow), and could fault at a page boundary.
    static func name(of entry: UnsafePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let room = max(0, Int(entry.pointee.d_reclen) - offset)
        let start = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: UInt8.self)
        let length = strnlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), room)
        return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
    }

    /// `stat` (following symlinks), so a link to a directory walks like the directory.
    private static func status(of path: String) -> (isDirectory: Bool, identity: FileIdentity)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        return (isDirectory, FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }
}
