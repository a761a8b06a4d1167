import FoundationEssentials
import Glibc

/// The first bytes of one file after another, read into memory kept from file to file, with
/// one open and one fstat a file. Listing 100,000 photos read each header into fresh memory
/// (the kernel zeroing its pages was a tenth of the time), opened a file again for a longer
/// window, reading its first bytes twice, and stat'ed it by path once more for its date.
/// One per thread: it is not shared.
public final class FileHead {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var fd: Int32 = -1
    /// How many bytes of the open file are in `bytes`.
    public private(set) var count = 0
    /// The open file's size and modification time, from its fstat.
    public private(set) var fileSize = 0
    public private(set) var modified = timespec()

    public init(capacity: Int = PhotoDecoder.headerWindows[0]) {
        self.capacity = capacity
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        close()
        storage.deallocate()
    }

    /// The file's bytes read so far.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    /// Opens `path` (closing the file before) and reads its first `limit` bytes.
    public func open(_ path: String, reading limit: Int = PhotoDecoder.headerWindows[0]) throws {
        close()
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileBytes.ReadError(errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw FileBytes.ReadError(code)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(fd)
            throw FileBytes.ReadError(EISDIR)
        }
        self.fd = fd
        fileSize = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        modified = info.st_mtim
        try read(upTo: limit)
    }

    /// Reads on from where the last read stopped until `limit` bytes are in, or the file ends.
    public func read(upTo limit: Int) throws {
        guard fd >= 0, limit > count else { return }
        if limit > capacity {
            storage = realloc(storage, limit)!
            capacity = limit
        }
        while count < limit {
            let n = Glibc.read(fd, storage + count, limit - count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw FileBytes.ReadError(reading: errno) }
            if n == 0 { break }
            count += n
        }
    }

    /// `range` of the open file, as far as it goes (a HEIF's EXIF item, deep in its mdat).
    public func read(range: Range<Int>) -> Data {
        var data = Data(count: range.count)
        let filled = data.withUnsafeMutableBytes { buffer -> Int in
            var filled = 0
            while filled < range.count {
                let n = pread(fd, buffer.baseAddress! + filled, range.count - filled, off_t(range.lowerBound + filled))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            return filled
        }
        return data.prefix(filled)
    }

    /// The whole open file, mapped (nil when it is not a regular file).
    public func mapped() -> Data? {
        fd >= 0 && fileSize > 0 ? FileBytes.map(fd, size: fileSize) : nil
    }

    /// Closes the file; the memory stays for the next one.
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        count = 0
        fileSize = 0
    }
}
