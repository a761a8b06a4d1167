import Foundation
import PhotoLibrary
import Testing
import TestSupport

/// A long folder: the first photos now, the rest (`ListingRest`) made later, in exactly the
/// order a full listing has.
@Suite("PhotoLibrary: a long listing in two parts")
struct ListingRestTests {
    /// Names whose natural order differs from a byte sort: numbers of several widths, case.
    static func names(_ count: Int) -> [String] {
        (0 ..< count).map { n in
            switch n % 4 {
            case 0: "IMG_\(n).jpg"
            case 1: "img_\(n * 7 % 1000)_\(n).JPG"
            case 2: "photo \(n) (\(n % 3)).png"
            default: "\(n)-x.webp"
            }
        }
    }

    @Test("the first part and the rest are the full listing, in its order")
    func bothPartsAreTheFullListing() throws {
        let folder = try TemporaryDirectory()
        for name in Self.names(1200) { FileManager.default.createFile(atPath: folder.url.appendingPathComponent(name).path, contents: Data()) }
        let full = PhotoLibrary.load([folder.url.path], lazily: true)
        let parts = PhotoLibrary.load([folder.url.path], lazily: true, listingFirst: 300)
        #expect(full.rest == nil && full.photos.count == 1200)
        let rest = try #require(parts.rest)
        #expect(parts.photos.count == 300 && rest.count == 900)
        let joined = parts.photos + rest.photos(0 ..< 400) + rest.photos(400 ..< rest.count)
        #expect(joined.map(\.photo.id) == full.photos.map(\.photo.id))
        #expect(joined.map(\.image) == full.photos.map(\.image))
        #expect(parts.unreadHeaders == Set(parts.photos.map(\.photo.id)))
    }

    @Test("a listing with files to open (not listed by name only) after the first part is made whole")
    func filesToOpenAreNotLeftForLater() throws {
        let folder = try TemporaryDirectory()
        for name in Self.names(40) { FileManager.default.createFile(atPath: folder.url.appendingPathComponent(name).path, contents: Data()) }
        try Data("[]".utf8).write(to: folder.url.appendingPathComponent("zzz.json"))
        let parts = PhotoLibrary.load([folder.url.path], lazily: true, listingFirst: 10)
        #expect(parts.rest == nil)
        #expect(parts.photos.count == 40)
        let short = PhotoLibrary.load([folder.url.path], lazily: true, listingFirst: 100)
        #expect(short.rest == nil)
    }
}
