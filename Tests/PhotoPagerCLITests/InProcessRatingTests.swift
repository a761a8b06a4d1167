import Culling
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
