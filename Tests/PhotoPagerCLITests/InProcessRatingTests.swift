import Culling
import Glibc
import PhotoPagerCore
import Foundation
import PhotoLibrary
import PhotoPagerBase
@testable import PhotoPagerCLI
import Testing
import TestSupport

/// Ratings through the real pager loop: the keys write the sidecars beside the photos (and
/// nothing else), `u` takes them back, `X` hides the rejected on screen.
@Suite(.serialized, .ownThreads) struct InProcessRatingTests {
    static func exiftoolRating(_ path: String) throws -> String {
        try CommandRunner.shell("exiftool -s3 -XMP-xmp:Rating '\(path)'").stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func keysWriteSidecarsAndUndoTakesThemBack() throws {
        let dir = try TemporaryDirectory()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try dir.copy("sample/rocket.jpg", to: name) }
        let photos = dir.url.appendingPathComponent("a.jpg").path, before = try Data(contentsOf: URL(fileURLWithPath: photos))
        let pager = try InProcessPager(renderer: .blocks, photos: PhotoLibrary.load([dir.url.path]).photos)
        #expect(pager.waitFor { $0.lines.last?.contains("1/3") == true })
        pager.type([.character("3")])
        #expect(pager.waitFor { $0.lines.last?.contains("★★★☆☆") == true })
        pager.settle()
        #expect(try Self.exiftoolRating(photos + ".xmp") == "3")
        pager.type([.right, .character("x")])
        #expect(pager.waitFor { $0.lines.last?.contains("✕ rejected") == true })
        pager.settle()
        #expect(try Self.exiftoolRating(dir.url.appendingPathComponent("b.jpg.xmp").path) == "-1")
        pager.type([.character("X")])
        #expect(pager.waitFor { $0.lines.last?.contains("rejected hidden") == true && $0.lines.last?.contains("2 of 3") == true })
        pager.type([.character("u")])
        #expect(pager.waitFor { $0.lines.last?.contains("3 of 3") == true })
        pager.settle()
        #expect(try Self.exiftoolRating(dir.url.appendingPathComponent("b.jpg.xmp").path) == "0")
        pager.type([.character("u")])
        pager.settle()
        #expect(try Self.exiftoolRating(photos + ".xmp") == "0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photos)) == before)
        #expect(pager.quit() == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        #expect(left == ["a.jpg", "a.jpg.xmp", "b.jpg", "b.jpg.xmp", "c.jpg"])       // no temporary files
    }
}

/// The trash through the real pager loop: `D` moves the photo and its sidecar into the
/// desktop's trash as the specification has it, `u` brings both back.
@Suite(.serialized, .ownThreads) struct InProcessTrashTests {
    @Test func deleteMovesToTheTrashAndUndoBringsBack() throws {
        let dir = try TemporaryDirectory()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try dir.copy("sample/rocket.jpg", to: "photos/" + name) }
        try dir.write("photos/b.jpg.xmp", Data(XMPPacket.empty.setting(.rating, to: "2")!.bytes))
        let folder = dir.url.appendingPathComponent("photos").path, data = dir.url.appendingPathComponent("data").path
        let pager = try InProcessPager(renderer: .blocks, photos: PhotoLibrary.load([folder]).photos,
                                       environment: ["XDG_DATA_HOME": data, "HOME": dir.url.path])
        #expect(pager.waitFor { $0.lines.last?.contains("1/3") == true })
        pager.type([.enter, .right])
        #expect(pager.waitFor { $0.lines.last?.contains("2/3") == true })
        pager.type([.delete])
        #expect(pager.waitFor { $0.lines.last?.contains("2/2") == true && $0.text(row: 0).contains("c.jpg") })
        pager.settle()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.jpg", "c.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/files").sorted() == ["b.jpg", "b.jpg.xmp"])
        let info = try String(contentsOfFile: data + "/Trash/info/b.jpg.trashinfo", encoding: .utf8)
        #expect(info.hasPrefix("[Trash Info]\nPath=\(folder)/b.jpg\nDeletionDate="))
        pager.type([.character("u")])
        #expect(pager.waitFor { $0.lines.last?.contains("2/3") == true && $0.text(row: 0).contains("b.jpg") })
        pager.settle()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.jpg", "b.jpg", "b.jpg.xmp", "c.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/info").isEmpty)
        #expect(pager.quit() == 0)
    }
}

/// `r` through the real pager loop: the photo is drawn turned (a portrait sixel where a
/// landscape one was), the turn is in its sidecar for exiftool and `list`, the file untouched.
@Suite(.serialized, .ownThreads) struct InProcessTurnTests {
    @Test func rTurnsThroughTheSidecar() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "a.jpg").path
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let pager = try InProcessPager(renderer: .sixel, photos: PhotoLibrary.load([dir.url.path]).photos)
        pager.type([.enter])
        #expect(pager.waitFor { screen in screen.images.first.map { ($0.pixelSize?.width ?? 0) > ($0.pixelSize?.height ?? 0) } == true })
        pager.type([.character("r")])
        #expect(pager.waitFor { screen in screen.images.first.map { ($0.pixelSize?.width ?? 0) < ($0.pixelSize?.height ?? 0) } == true },
                "not drawn turned")
        pager.settle()
        #expect(try CommandRunner.shell("exiftool -s3 -n -XMP-tiff:Orientation '\(photo).xmp'").stdoutText == "6\n")
        let listed = try CommandRunner.photopager(["list", dir.url.path])
        #expect(listed.stdoutText.split(separator: "\t")[1] == "427x640")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
        #expect(pager.quit() == 0)
    }
}

/// A folder that cannot be written (sysfs refuses new files even to root, so this holds in CI
/// too): the rating goes to photopager's own store, and the status line says so once a folder.
@Suite struct ReadOnlyFolderTests {
    @Test func ratingsGoToTheStoreAndThatIsSaidOnce() throws {
        let file = "/sys/kernel/uevent_seqnum"
        guard access(file, R_OK) == 0 else { return }
        let data = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": data.url.path]
        let posted = Locked<[AppEvent]>([])
        let work = CullingWork(store: RatingStore(environment: environment), trash: PhotoTrash(trash: FreedesktopTrash(environment: environment)),
                               source: { nil }, post: { events in posted.withLock { $0 += events } })
        let photo = Photo(id: "sys", width: 1, height: 1, urls: Photo.URLs(raw: "file://" + file), user: Photo.User())
        work.write([RatingChange(photo: photo, rating: 3, previous: nil)])
        work.write([RatingChange(photo: photo, rating: 4, previous: 3)])
        for _ in 0 ..< 200 where work.isBusy { usleep(10_000) }
        #expect(posted.withLock { $0 } == [.shellMessage("/sys/kernel cannot be written: its ratings and turns are kept in \(data.url.path)/photopager/ratings")])
        #expect(RatingStore(environment: environment).entry(for: file)?.rating == 4)
    }
}
