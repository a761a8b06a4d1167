import FoundationEssentials
import Glibc
import PhotoPagerCore

/// Lists the files under the paths a person named: directories recursively, hidden entries
/// skipped, symlinked directories followed once (a loop back to an ancestor is cut by
/// remembering each directory's device and inode), entries in natural order.
struct PathWalker {
    private var visited = Set<FileIdentity>()
    private(set) var problems: [String] = []

    /// The regular files under `url`, depth-first, in natural order within each directory.
    mutating func files(under url: URL) -> [URL] {
        files(underPath: url.path).map { $0 == url.path ? url : URL(filePath: $0, directoryHint: .notDirectory) }
    }

    /// The walk on plain paths: building a URL per entry (and asking it for its path again) was
    /// most of the time of listing a 10,000-file folder; files become URLs once, at the end.
    private mutating func files(underPath path: String) -> [String] {
        guard let status = Self.status(of: path) else {
            problems.append("\(path): no such file or directory")
            return []
        }
        guard status.isDirectory else { return [path] }
        guard visited.insert(status.identity).inserted else { return [] }     // a loop: seen it
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            problems.append("\(path): cannot read directory")
            return []
        }
        let directory = path.hasSuffix("/") ? path : path + "/"
        return NaturalOrder.sorted(names.filter { !$0.hasPrefix(".") })
            .flatMap { files(underPath: directory + $0) }
    }

    struct FileIdentity: Hashable { let device: UInt64; let inode: UInt64 }

    /// `stat` (following symlinks), so a link to a directory walks like the directory.
    private static func status(of path: String) -> (isDirectory: Bool, identity: FileIdentity)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        return (isDirectory, FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }
}
