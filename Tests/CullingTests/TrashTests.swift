@testable import Culling
import Foundation
import Glibc
import PhotoPagerBase
import Testing
import TestSupport

/// The freedesktop trash as the specification has it: files/ and info/, `Path` percent-encoded,
/// `DeletionDate` in local time, a clash numbered; a photo's sidecars and Live Photo video go
/// with it, all or none; everything comes back under its name.
@Suite(.serialized) struct TrashTests {
    static func isRaw(_ path: String) -> Bool { path.lowercased().hasSuffix(".cr2") }

    @Test func aPhotoAndItsCompanionsGoAndComeBack() throws {
        let dir = try TemporaryDirectory()
        let data = dir.url.appendingPathComponent("data").path
        let photo = try dir.copy("sample/rocket.jpg", to: "trip/IMG 1%é.HEIC").path
        let sidecar = try dir.write("trip/IMG 1%é.HEIC.xmp", Data("<x/>".utf8)).path
        let video = try dir.write("trip/IMG 1%é.MOV", Data("mov".utf8)).path
        try dir.write("trip/IMG 1%é.txt", Data("stays".utf8))
        let files = PhotoTrash.everyFile(of: [photo], sidecars: [], isRaw: Self.isRaw)
        #expect(files == [photo, sidecar, video])
        let trash = PhotoTrash(trash: FreedesktopTrash(environment: ["XDG_DATA_HOME": data, "HOME": "/nonexistent"]))
        let when = Date(timeIntervalSince1970: 1_780_000_000)
        let entries = try trash.trash(files, now: when)
        #expect(entries.map(\.trashed) == ["IMG 1%é.HEIC", "IMG 1%é.HEIC.xmp", "IMG 1%é.MOV"].map { data + "/Trash/files/" + $0 })
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        let info = try String(contentsOfFile: data + "/Trash/info/IMG 1%é.HEIC.trashinfo", encoding: .utf8)
        let encoded = photo.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "1%", with: "1%25")
            .replacingOccurrences(of: "é", with: "%C3%A9")
        #expect(info == "[Trash Info]\nPath=\(encoded)\nDeletionDate=\(FreedesktopTrash.localTime(when))\n")
        #expect(FreedesktopTrash.localTime(when).count == 19 && FreedesktopTrash.localTime(when).contains("T"))
        try trash.restore(entries)
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/info").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/files").isEmpty)
    }

    /// A name already in the trash is numbered; restoring over a file that came back is refused
    /// and the trashed one stays.
    @Test func clashesAndARefusedRestore() throws {
        let dir = try TemporaryDirectory()
        let data = dir.url.appendingPathComponent("data").path
        let trash = FreedesktopTrash(environment: ["XDG_DATA_HOME": data])
        let first = try dir.copy("sample/rocket.jpg", to: "a/IMG_1.jpg").path
        let second = try dir.copy("sample/rocket.jpg", to: "b/IMG_1.jpg").path
        let one = try trash.trash(first), two = try trash.trash(second)
        #expect(one.trashed.hasSuffix("/files/IMG_1.jpg") && two.trashed.hasSuffix("/files/IMG_1.2.jpg"))
        #expect(two.info.hasSuffix("/info/IMG_1.2.jpg.trashinfo"))
        #expect(try String(contentsOfFile: two.info, encoding: .utf8).contains("Path=\(second)\n"))
        #expect(FreedesktopTrash.numbered("noext", 3) == "noext.3")
        try Data("new".utf8).write(to: URL(fileURLWithPath: first))
        #expect(throws: FreedesktopTrash.Failure.self) { try trash.restore(one) }
        #expect(FileManager.default.fileExists(atPath: one.trashed) && FileManager.default.fileExists(atPath: one.info))
    }

    /// A photo on another filesystem than the home trash goes to that volume's `.Trash-UID`,
    /// its path recorded relative to the volume's top.
    @Test func anotherFilesystemHasItsOwnTrash() throws {
        var shm = stat(), tmp = stat()
        guard stat("/dev/shm", &shm) == 0, stat(NSTemporaryDirectory(), &tmp) == 0, shm.st_dev != tmp.st_dev,
              access("/dev/shm", W_OK) == 0 else { return }
        let dir = try TemporaryDirectory()
        let folder = "/dev/shm/photopager-trash-\(getpid())"
        mkdir(folder, 0o755)
        defer { try? FileManager.default.removeItem(atPath: folder); try? FileManager.default.removeItem(atPath: "/dev/shm/.Trash-\(getuid())") }
        let photo = folder + "/card.jpg"
        try Data("jpeg".utf8).write(to: URL(fileURLWithPath: photo))
        let trash = FreedesktopTrash(environment: ["XDG_DATA_HOME": dir.url.appendingPathComponent("data").path])
        let entry = try trash.trash(photo)
        #expect(entry.trashed.hasPrefix("/dev/shm/.Trash-\(getuid())/files/"))
        #expect(try String(contentsOfFile: entry.info, encoding: .utf8).contains("Path=photopager-trash-\(getpid())/card.jpg\n"))
        try trash.restore(entry)
        #expect(FileManager.default.fileExists(atPath: photo))
    }

    /// One file that cannot go brings back those that went: never half a photo in the trash.
    @Test func allOrNone() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "x.jpg").path
        let trash = PhotoTrash(trash: FreedesktopTrash(environment: ["XDG_DATA_HOME": dir.url.appendingPathComponent("data").path]))
        #expect(throws: FreedesktopTrash.Failure.self) { try trash.trash([photo, dir.url.appendingPathComponent("gone.xmp").path]) }
        #expect(FileManager.default.fileExists(atPath: photo))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("data/Trash/info").path).isEmpty)
    }
}
