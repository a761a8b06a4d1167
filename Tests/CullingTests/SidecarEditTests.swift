@testable import Culling
import Foundation
import Glibc
import PhotoPagerBase
import Testing
import TestSupport

/// Sidecars written where photo tools look for them, read back by exiftool and by our reader,
/// with what other tools wrote kept; the photo itself never written; atomic to the end.
@Suite(.serialized) struct SidecarEditTests {
    static func exiftool(_ arguments: String) throws -> String {
        try CommandRunner.shell("exiftool -s3 \(arguments)").stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func isRaw(_ path: String) -> Bool { path.lowercased().hasSuffix(".cr2") || path.lowercased().hasSuffix(".nef") }

    @Test func aNewSidecarIsWhatExiftoolReads() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "IMG_1.jpg")
        let before = try Data(contentsOf: photo)
        let made = try SidecarEdit.rating(4).apply(files: [photo.path], sidecars: [], isRaw: Self.isRaw)
        #expect(made == [photo.path + ".xmp"])
        #expect(try Self.exiftool("-XMP-xmp:Rating '\(photo.path).xmp'") == "4")
        #expect(Sidecars.read(made).rating == 4)
        _ = try SidecarEdit.rating(-1).apply(files: [photo.path], sidecars: made, isRaw: Self.isRaw)
        #expect(try Self.exiftool("-XMP-xmp:Rating '\(photo.path).xmp'") == "-1")
        _ = try SidecarEdit.orientation(6).apply(files: [photo.path], sidecars: made, isRaw: Self.isRaw)
        #expect(try Self.exiftool("-XMP-tiff:Orientation -n '\(photo.path).xmp'") == "6")
        #expect(try Data(contentsOf: photo) == before)
        var status = stat()
        stat(made[0], &status)
        #expect(status.st_mode & 0o777 == 0o644 & ~Self.umaskNow())
    }

    /// A sidecar exiftool made with other fields (elements, its own layout): only the rating's
    /// bytes change, exiftool still reads every field.
    @Test func anExistingSidecarKeepsEverythingElse() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "trip/DSC 2.jpg")
        let sidecar = photo.path + ".xmp"
        _ = try CommandRunner.shell("exiftool -q -o '\(sidecar)' -XMP-dc:Subject=beach -XMP-xmp:Label=Red -XMP-xmp:Rating=2 '\(photo.path)'")
        let before = try String(contentsOfFile: sidecar, encoding: .utf8)
        try #require(before.contains("beach"))
        chmod(sidecar, 0o640)
        _ = try SidecarEdit.rating(5).apply(files: [photo.path], sidecars: [sidecar], isRaw: Self.isRaw)
        let after = try String(contentsOfFile: sidecar, encoding: .utf8)
        #expect(after == before.replacingOccurrences(of: "<xmp:Rating>2</xmp:Rating>", with: "<xmp:Rating>5</xmp:Rating>"))
        #expect(try Self.exiftool("-XMP-xmp:Rating -XMP-xmp:Label -XMP-dc:Subject '\(sidecar)'") == "5\nRed\nbeach")
        var status = stat()
        stat(sidecar, &status)
        #expect(status.st_mode & 0o777 == 0o640)                                    // its permissions kept
    }

    /// A RAW + JPEG pair is one photo: both files' sidecars change, Lightroom's NAME.xmp is
    /// the RAW's (updated, never read for the JPEG), and a missing one is made as NAME.EXT.xmp.
    @Test func aPairWritesBothAndLightroomsBelongsToTheRaw() throws {
        let dir = try TemporaryDirectory()
        let jpeg = try dir.copy("sample/rocket.jpg", to: "IMG_7.JPG").path
        let raw = try dir.write("IMG_7.CR2", Data("raw".utf8)).path
        let lightroom = try dir.write("IMG_7.xmp", Data(XMPPacket.empty.setting(.rating, to: "1")!.bytes)).path
        let known: Set<String> = [lightroom]
        #expect(Sidecars.of(jpeg, isRaw: false, among: known).isEmpty)
        #expect(Sidecars.of(raw, isRaw: true, among: known) == [lightroom])
        #expect(Sidecars.onDisk(of: raw, isRaw: true) == [lightroom])
        let after = try SidecarEdit.rating(3).apply(files: [jpeg, raw], sidecars: [lightroom], isRaw: Self.isRaw)
        #expect(after == [jpeg + ".xmp", lightroom])
        #expect(Sidecars.read([jpeg + ".xmp"]).rating == 3 && Sidecars.read([lightroom]).rating == 3)
        #expect(!FileManager.default.fileExists(atPath: raw + ".xmp"))
    }

    /// Killed between the flushed temporary file and the rename: the old sidecar is whole and
    /// still what is read; the next write goes through.
    @Test func aKillBeforeTheRenameLeavesTheOldSidecar() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "a.jpg").path
        let sidecar = try SidecarEdit.rating(2).apply(files: [photo], sidecars: [], isRaw: Self.isRaw)
        let before = try Data(contentsOf: URL(fileURLWithPath: sidecar[0]))
        let temporary = Locked<String?>(nil)
        AtomicFile.beforeRename = { path in temporary.withLock { $0 = path }; return false }
        defer { AtomicFile.beforeRename = nil }
        _ = try SidecarEdit.rating(5).apply(files: [photo], sidecars: sidecar, isRaw: Self.isRaw)
        AtomicFile.beforeRename = nil
        #expect(try Data(contentsOf: URL(fileURLWithPath: sidecar[0])) == before)
        #expect(Sidecars.read(sidecar).rating == 2)
        let left = try #require(temporary.withLock { $0 })
        #expect(XMPPacket(Array(try Data(contentsOf: URL(fileURLWithPath: left)))).rating == 5)   // complete, just not in place
        _ = try SidecarEdit.rating(5).apply(files: [photo], sidecars: sidecar, isRaw: Self.isRaw)
        #expect(Sidecars.read(sidecar).rating == 5)
    }

    @Test func aSidecarThatIsNotXMPIsLeftAlone() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "a.jpg").path
        let sidecar = try dir.write("a.jpg.xmp", Data("garbage".utf8)).path
        #expect(throws: SidecarEdit.Failure.notXMP(sidecar)) {
            try SidecarEdit.rating(1).apply(files: [photo], sidecars: [sidecar], isRaw: Self.isRaw)
        }
        #expect(try String(contentsOfFile: sidecar, encoding: .utf8) == "garbage")
    }

    /// A folder the person cannot write: the failure says so; the store in photopager's data
    /// keeps the rating under path, size and time, and forgets it when the file changes.
    @Test func aReadOnlyFolderAndTheStore() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "card/a\tb.jpg").path
        chmod(dir.url.appendingPathComponent("card").path, 0o555)
        defer { chmod(dir.url.appendingPathComponent("card").path, 0o755) }
        if getuid() != 0 {
            let failure = #expect(throws: SidecarEdit.Failure.self) { try SidecarEdit.rating(1).apply(files: [photo], sidecars: [], isRaw: Self.isRaw) }
            #expect(failure?.isReadOnlyFolder == true)
        }
        let environment = ["XDG_DATA_HOME": dir.url.appendingPathComponent("data").path]
        let store = RatingStore(environment: environment)
        try store.update([photo]) { $0.rating = 4 }
        try store.update([photo]) { $0.orientation = 6 }
        #expect(RatingStore(environment: environment).entry(for: photo) == RatingStore.Entry(rating: 4, orientation: 6))
        var status = stat()
        stat(store.path!, &status)
        #expect(status.st_mode & 0o777 == 0o600)
        chmod(dir.url.appendingPathComponent("card").path, 0o755)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: photo))
        #expect(RatingStore(environment: environment).entry(for: photo) == nil)
    }

    static func umaskNow() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
