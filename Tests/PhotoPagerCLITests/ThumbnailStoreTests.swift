import Foundation
import PhotoCache
import PhotoDecoding
@testable import PhotoPagerCLI
import Testing
import TestSupport

@Suite struct ThumbnailStoreTests {
    let directory: TemporaryDirectory
    let store: ThumbnailStore

    init() throws {
        directory = try TemporaryDirectory()
        store = ThumbnailStore(cache: DiskCache(root: directory.url.appendingPathComponent("cache"), budgetBytes: 20 << 20))
    }

    func thumbnail(_ url: URL) throws -> RGBImage {
        try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (240, 160)))
    }

    @Test func aKeptThumbnailComesBackAtItsSize() throws {
        let photo = try directory.copy("sample/rocket.jpg", to: "rocket.jpg")
        #expect(store.image(for: photo, size: (240, 160)) == nil)
        let decoded = try thumbnail(photo)
        store.keep(decoded, for: photo)
        let kept = try #require(store.image(for: photo, size: (240, 160)))
        #expect(kept.width == 240 && kept.height == 160)
        #expect(ImageComparison.psnr(kept.pixels, decoded.pixels) > 35)
        #expect(store.image(for: photo, size: (241, 160)) == nil)        // another size is another entry
    }

    @Test func anEditedFileIsNotShownFromItsOldEntry() throws {
        let photo = try directory.copy("sample/rocket.jpg", to: "rocket.jpg")
        store.keep(try thumbnail(photo), for: photo)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: photo.path)
        #expect(store.image(for: photo, size: (240, 160)) == nil)
    }

    @Test func aTruncatedEntryIsAMissAndConcurrentWritersAgree() throws {
        let photo = try directory.copy("sample/rocket.jpg", to: "rocket.jpg")
        let decoded = try thumbnail(photo)
        store.keep(decoded, for: photo)
        let thumbs = directory.url.appendingPathComponent("cache/thumbs")
        for name in try FileManager.default.contentsOfDirectory(atPath: thumbs.path) {
            let file = thumbs.appendingPathComponent(name)
            try Data(try Data(contentsOf: file).prefix(500)).write(to: file)
        }
        #expect(store.image(for: photo, size: (240, 160)) == nil)
        let other = ThumbnailStore(cache: DiskCache(root: directory.url.appendingPathComponent("cache"), budgetBytes: 20 << 20))
        let store = store
        DispatchQueue.concurrentPerform(iterations: 16) { n in (n % 2 == 0 ? store : other).keep(decoded, for: photo) }
        #expect(store.image(for: photo, size: (240, 160))?.width == 240)
    }

    @Test func pagePhotosAreNotKept() throws {
        let photo = try directory.copy("sample/rocket.jpg", to: "rocket.jpg")
        store.keep(try PhotoDecoder.decode(contentsOf: photo, DecodeRequest(size: (640, 427))), for: photo)
        #expect(store.image(for: photo, size: (640, 427)) == nil)
    }
}

/// The preparer's steps (key, then look up or keep) as one call each, as the tests use them.
private extension ThumbnailStore {
    func image(for url: URL, size: (width: Int, height: Int)) -> RGBImage? {
        key(for: url, size: size).flatMap { image(at: $0, size: size) }
    }

    func keep(_ image: RGBImage, for url: URL) {
        if let key = key(for: url, size: (image.width, image.height)) { keep(image, at: key) }
    }
}
