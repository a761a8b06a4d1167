import FoundationEssentials
import Glibc

/// Reading files with plain POSIX calls, with errors worded for a person: "no such file",
/// "permission denied". Whole regular files are mapped rather than read: a decoder that needs
/// only the first scans of a 16 MB progressive JPEG then touches only those pages. Headers are
/// `FileHead`'s.
public enum FileBytes {
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String

        /// What `errno` says, in a person's words.
        init(_ code: Int32) { description = FileBytes.reason(code) }
        /// A read that failed after the open.
        init(reading code: Int32) { description = "cannot read: " + FileBytes.reason(code) }
    }

    /// The whole file.
    public static func read(_ url: URL) throws -> Data {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ReadError(EISDIR) }
        // Pipes and /proc files report size 0: read those in chunks until EOF.
        if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
           let mapped = map(fd, size: Int(info.st_size)) {
            return mapped
        }
        let expected = info.st_size > 0 ? Int(info.st_size) : 64 * 1024
        let wanted = expected
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, wanted), alignment: 16)
        var filled = 0
        while filled < wanted {
            let n = Glibc.read(fd, buffer + filled, wanted - filled)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { buffer.deallocate(); throw ReadError(reading: errno) }
            if n == 0 { break }
            filled += n
        }
        var data = Data(bytesNoCopy: buffer, count: filled, deallocator: .custom { pointer, _ in pointer.deallocate() })
        if filled == wanted, info.st_size <= 0 {
            data += try readRest(fd)                          // a stream longer than the first chunk
        }
        return data
    }

    /// The file mapped read-only; unmapped when the last copy of the Data goes away.
    static func map(_ fd: Int32, size: Int) -> Data? {
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, length in
            munmap(pointer, length)
        })
    }

    private static func readRest(_ fd: Int32) throws -> Data {
        var rest = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ReadError(reading: errno) }
            if n == 0 { return rest }
            rest.append(contentsOf: chunk[0 ..< n])
        }
    }

    fileprivate static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        default: return String(cString: strerror(code))
        }
    }
}
