import Foundation
import PhotoDecoding
import Testing

/// libexif's memory comes from a block per thread (`photopager_exif_arena_mem`), emptied for
/// each header: parses one after another, beside each other, and bigger than the block (its
/// allocations then go to calloc: a 64.5 kB Artist) all read what the bytes say.
@Suite struct ExifArenaTests {
    /// EXIF ("Exif\0\0" + big-endian TIFF) whose IFD0 holds only an Artist of `artist`.
    static func exif(artist: String) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let text = Array(artist.utf8) + [0]
        var tiff: [UInt8] = Array("MM".utf8) + u16(42) + u32(8)
        tiff += u16(1) + u16(0x013B) + u16(2) + u32(UInt32(text.count)) + u32(8 + 2 + 12 + 4) + u32(0)
        return Array("Exif\0\0".utf8) + tiff + text
    }

    static func artist(of bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { ExifMetadata(exifBytes: $0)?.artist }
    }

    static let names = ["Ansel Adams", String(repeating: "Dorothea Lange ", count: 4_300), "Vivian Maier"]

    @Test("one after another: small, bigger than the block, small again")
    func inTurn() {
        for _ in 0 ..< 3 {
            for name in Self.names {
                #expect(Self.artist(of: Self.exif(artist: name)) == name.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    @Test("on several threads at once, each on its own block")
    func concurrently() async {
        let blobs = Self.names.map(Self.exif(artist:))
        let wrong = await withTaskGroup(of: Int.self) { group in
            for worker in 0 ..< 8 {
                group.addTask {
                    var wrong = 0
                    for round in 0 ..< 30 {
                        let index = (worker + round) % blobs.count
                        if Self.artist(of: blobs[index]) != Self.names[index].trimmingCharacters(in: .whitespaces) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
