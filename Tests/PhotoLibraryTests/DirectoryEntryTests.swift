import Foundation
import Glibc
@testable import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport

/// Reading names out of readdir's records. Under AddressSanitizer (`make check`, and CI's
/// second run) both tests fail when a name is read by copying the whole 256-byte `d_name`.
@Suite struct DirectoryEntryTests {
    /// A record exactly `d_reclen` bytes long in its own allocation, as the last record of
    /// readdir's buffer is: the name must be read without touching a byte past it.
    @Test func aNameIsReadWithinItsRecord() {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        for name in ["a", "IMG_0001.HEIC", String(repeating: "x", count: 40), "café.jpg"] {
            let bytes = Array(name.utf8)
            let length = (offset + bytes.count + 1 + 7) / 8 * 8             // padded as the kernel does
            let record = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 8)
            defer { record.deallocate() }
            record.initializeMemory(as: UInt8.self, repeating: 0, count: length)
            record.storeBytes(of: UInt16(length), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_reclen)!, as: UInt16.self)
            record.storeBytes(of: UInt8(DT_REG), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self)
            for (index, byte) in bytes.enumerated() { record.storeBytes(of: byte, toByteOffset: offset + index, as: UInt8.self) }
            #expect(PathWalker.name(of: record.assumingMemoryBound(to: dirent.self)) == name)
        }
    }

    /// A directory of more entries than one readdir buffer holds (names of every length), so
    /// records end at the end of a buffer several times over; every name comes back whole (and
    /// enough for two cores to make their paths).
    @Test func aLargeDirectoryListsEveryName() throws {
        let tmp = try TemporaryDirectory()
        let names = (0..<2500).map { "photo-\($0)-" + String(repeating: "n", count: $0 % 61) + ".jpg" }
        for name in names { try tmp.write(name, Data()) }
        var walker = PathWalker()
        let files = walker.files(underPath: tmp.url.path)
        let found = files.map { String($0.path.dropFirst(tmp.url.path.count + 1)) }
        #expect(found == NaturalOrder.sorted(names), "every name, in natural order (made on two cores)")
        #expect(files.allSatisfy { $0.ext == "jpg" })
    }
}
