import Foundation
import PhotoLibrary
import Testing
import TestSupport

/// `PhotoLibrary.load` handing photos over as it makes them (`each`), and stopping at `limit`.
@Suite struct StreamedLoadTests {
    /// 5,000 files (two slices of a few thousand): handed over in the folder's order, in more
    /// than one piece, exactly the photos of the whole listing, and none kept.
    @Test func eachHandsOverInOrderAndKeepsNothing() throws {
        let tmp = try TemporaryDirectory()
        for n in 0 ..< 5_000 { try tmp.symlink(String(format: "p%05d.png", n), to: SharedPhotos.url("formats/palette.png")) }
        try tmp.write("zz-notes.txt", Data("not a photo".utf8))
        var pieces: [[LibraryPhoto]] = []
        let streamed = PhotoLibrary.load([tmp.url.path], each: { pieces.append($0) })
        let whole = PhotoLibrary.load([tmp.url.path])
        #expect(pieces.count >= 2)
        #expect(pieces.flatMap { $0 } == whole.photos)
        #expect(whole.photos.count == 5_000)
        #expect(streamed.photos.isEmpty)
        #expect(streamed.leftOut == whole.leftOut && streamed.problems == whole.problems)
    }

    /// With a limit, the files after the first photos are not read: a broken one further on is
    /// never met. Handed over or kept, the photos are the first ones.
    @Test func aLimitReadsNoFurther() throws {
        let tmp = try TemporaryDirectory()
        for n in 0 ..< 300 { try tmp.symlink(String(format: "p%03d.png", n), to: SharedPhotos.url("formats/palette.png")) }
        try tmp.write("z-broken.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))
        let all = PhotoLibrary.load([tmp.url.path])
        #expect(all.problems.count == 1)
        let first = PhotoLibrary.load([tmp.url.path], limit: 10)
        #expect(first.photos == Array(all.photos.prefix(10)))
        #expect(first.problems.isEmpty)
        var handed: [LibraryPhoto] = []
        let streamed = PhotoLibrary.load([tmp.url.path], limit: 7, each: { handed += $0 })
        #expect(handed == Array(all.photos.prefix(7)))
        #expect(streamed.photos.isEmpty && streamed.problems.isEmpty)
        let lazily = PhotoLibrary.load([tmp.url.path], lazily: true, limit: 3)
        #expect(lazily.photos.map(\.photo.id) == all.photos.prefix(3).map(\.photo.id))
        #expect(lazily.unreadHeaders == Set(lazily.photos.map(\.photo.id)))
    }
}
