import FoundationEssentials
import Glibc

/// Files photopager writes beside a person's photos (sidecars) or in its own data (the
/// ratings of read-only folders, the trash's records), replaced whole and atomically: the new
/// text goes to a temporary file in the same folder, is flushed to the disk, and is renamed
/// over the old one, and the folder is flushed too. A crash, a kill or a full disk at any
/// point leaves either the old file intact or the new one complete, never half of one.
public enum AtomicFile {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let errno: Int32
        public var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
        /// The folder cannot be written at all (as opposed to a disk that is full, say).
        public var isReadOnlyFolder: Bool { [EACCES, EPERM, EROFS].contains(errno) }
    }

    /// Asked between the temporary file's flush and the rename, with the temporary file's
    /// path: false stops the write there as a kill would (no rename, nothing cleaned up), for
    /// a test to see what that leaves.
    nonisolated(unsafe) static var beforeRename: (@Sendable (String) -> Bool)?

    /// Replaces (or creates) `path` with `bytes`. An existing file keeps its permissions; a new
    /// one gets `mode` less the umask.
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) throws(Failure) {
        let folder = Self.folder(of: path)
        // O_EXCL under a name of our own: the kernel applies the umask to a new file's mode.
        var fd: Int32 = -1, temporary = ""
        for _ in 0 ..< 16 where fd < 0 {
            temporary = folder + "/.photopager-\(getpid())-\(UInt32.random(in: 0 ... .max)).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd < 0, errno != EEXIST { throw Failure(path: path, errno: errno) }
        }
        guard fd >= 0 else { throw Failure(path: path, errno: EEXIST) }
        var done = false
        defer { if !done { unlink(temporary) } }
        do {
            defer { close(fd) }
            var status = stat()
            if stat(path, &status) == 0 { guard fchmod(fd, status.st_mode & 0o7777) == 0 else { throw Failure(path: path, errno: errno) } }
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw Failure(path: path, errno: n == 0 ? EIO : errno) }
                written += n
            }
            guard fsync(fd) == 0 else { throw Failure(path: path, errno: errno) }
        }
        if beforeRename?(temporary) == false { done = true; return }
        guard rename(temporary, path) == 0 else { throw Failure(path: path, errno: errno) }
        done = true
        // The rename itself lasts once the folder's entry is on the disk.
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 { fsync(directory); close(directory) }
    }

    /// The bytes of `path`; nil when there is no such file. Another failure is an error.
    public static func read(_ path: String, limit: Int = 16 << 20) throws(Failure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(path: path, errno: errno)
        }
        defer { close(fd) }
        // Sized by fstat and read straight into the array: a folder's 100,000 sidecars must not
        // each cost a zeroed 64 kB buffer.
        var status = stat()
        let expected = fstat(fd, &status) == 0 ? min(limit, Int(status.st_size)) : 0
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            while count < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                guard n > 0 else { break }
                count += n
            }
        }
        guard failure == 0 else { throw Failure(path: path, errno: failure) }
        // Grown since the fstat (or not a regular file): the rest, in pieces.
        var chunk = [UInt8](repeating: 0, count: bytes.count > expected ? 4096 : 0)
        while bytes.count > expected, bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw Failure(path: path, errno: errno) }
            if n == 0 { break }
            bytes += chunk[0 ..< n]
        }
        return bytes
    }

    /// Makes `folder` and any missing parent, each new one private to its owner (0700).
    static func makeFolders(_ folder: String) {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + part
            mkdir(path, 0o700)
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
