import Foundation
import PhotoLibrary
@testable import PhotoPagerCLI
import Synchronization
import Testing
import TestSupport

/// The rest of a long listing waits for the screen's images (at most `ListingStream.patience`),
/// being made and being handed over, and then comes whole and in order.
@Suite(.ownThreads) struct ListingStreamTests {
    static func rest(_ count: Int) throws -> (TemporaryDirectory, ListingRest) {
        let folder = try TemporaryDirectory()
        for n in 0 ..< count { FileManager.default.createFile(atPath: folder.url.appendingPathComponent("p\(n).jpg").path, contents: Data()) }
        return (folder, try #require(PhotoLibrary.load([folder.url.path], lazily: true, listingFirst: 10).rest))
    }

    @Test("while images are made, nothing is handed over; after them, or after its patience, all of it")
    func handedOverWhenImagesAreDone() throws {
        let (folder, rest) = try Self.rest(50)
        _ = folder
        let stream = ListingStream(rest, wake: {})
        #expect(Self.waitUntil { !stream.isBusy || stream.hasMade })
        let start = ContinuousClock.now
        #expect(stream.take(imagesBusy: true, now: start).isEmpty)
        #expect(stream.take(imagesBusy: true, now: start + .milliseconds(900)).isEmpty)
        let taken = stream.take(imagesBusy: true, now: start + ListingStream.patience)
        #expect(taken.map(\.photo.id) == rest.photos(0 ..< rest.count).map(\.photo.id))
        #expect(stream.take(imagesBusy: false, now: start + .seconds(2)).isEmpty, "taken once")
    }

    @Test("made only once the images are done (or after its patience)")
    func madeAfterTheImages() throws {
        let (folder, rest) = try Self.rest(30)
        _ = folder
        let busy = Atomic<Bool>(true)
        let stream = ListingStream(rest, imagesBusy: { busy.load(ordering: .relaxed) }, wake: {})
        usleep(300_000)
        #expect(!stream.hasMade, "made while the images were")
        busy.store(false, ordering: .relaxed)
        #expect(Self.waitUntil { stream.hasMade })
        #expect(stream.take(imagesBusy: false, now: .now).count == rest.count)
    }

    static func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0 ..< 500 where !condition() { usleep(10_000) }
        return condition()
    }
}
