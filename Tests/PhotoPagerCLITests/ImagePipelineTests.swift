import Foundation
@testable import PhotoPagerCLI
import Synchronization
import PhotoCache
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
import Testing
import TestSupport

@Suite struct ImagePipelineTests {
    /// Records which keys were prepared, and can hold workers until released.
    final class Recorder: Sendable {
        let prepared = Mutex<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        let wakes = Mutex(0)
    }

    func waitIdle<K>(_ pipeline: ImagePipeline<K>) {
        for _ in 0 ..< 2000 where pipeline.isBusy { usleep(1000) }
    }

    @Test func preparesEachKeyOnceAndCachesIt() {
        let recorder = Recorder()
        let pipeline = ImagePipeline<Int>(workers: 2, prepare: { key, _ in
            recorder.prepared.withLock { $0.append(key) }
            return [UInt8(key)]
        }, wake: { recorder.wakes.withLock { $0 += 1 } })
        pipeline.submit([1, 2, 3, 2, 1])
        waitIdle(pipeline)
        pipeline.submit([1, 2, 3])                      // all cached: nothing prepared again
        waitIdle(pipeline)
        #expect(recorder.prepared.withLock { $0.sorted() } == [1, 2, 3])
        #expect(pipeline.bytes(for: 2) == [2])
        #expect(Set(pipeline.takeCompletions().map(\.key)) == [1, 2, 3])
        #expect(recorder.wakes.withLock { $0 } == 3)
    }

    @Test func runningWorkTheScreenDroppedGivesUpAndIsNotAFailure() {
        let started = DispatchSemaphore(value: 0)
        let gaveUp = DispatchSemaphore(value: 0)
        let pipeline = ImagePipeline<Int>(workers: 1, prepare: { key, stillWanted in
            if key == 0 {
                started.signal()
                while stillWanted() { usleep(1000) }          // a download polling between chunks
                gaveUp.signal()
                throw PipelineCancellation()
            }
            return [UInt8(key)]
        }, wake: {})
        pipeline.submit([0])
        started.wait()
        pipeline.submit([1])                                  // the person paged on
        #expect(gaveUp.wait(timeout: .now() + 5) == .success)
        waitIdle(pipeline)
        #expect(pipeline.failure(for: 0) == nil)
        #expect(pipeline.takeCompletions().map(\.key) == [1])
        pipeline.submit([0])                                  // back again: it starts afresh
        #expect(started.wait(timeout: .now() + 5) == .success)
        pipeline.submit([])
        #expect(gaveUp.wait(timeout: .now() + 5) == .success)
    }

    @Test func theLatestSubmissionWins() {
        let recorder = Recorder()
        let started = DispatchSemaphore(value: 0)
        let pipeline = ImagePipeline<Int>(workers: 1, prepare: { key, _ in
            if key == 0 { started.signal(); recorder.gate.wait() }   // the first job holds the only worker
            recorder.prepared.withLock { $0.append(key) }
            return []
        }, wake: {})
        pipeline.submit([0])
        started.wait()
        pipeline.submit([10, 11, 12])                   // the user flips on…
        pipeline.submit([20, 21])                       // …and on: 10–12 are no longer wanted
        recorder.gate.signal()
        waitIdle(pipeline)
        #expect(recorder.prepared.withLock { $0 } == [0, 20, 21])
    }

    @Test func failuresAreRememberedNotRetried() {
        struct Broken: Error, CustomStringConvertible { var description: String { "corrupt image data" } }
        let recorder = Recorder()
        let pipeline = ImagePipeline<Int>(workers: 2, prepare: { key, _ in
            recorder.prepared.withLock { $0.append(key) }
            throw Broken()
        }, wake: {})
        pipeline.submit([7])
        waitIdle(pipeline)
        pipeline.submit([7])
        waitIdle(pipeline)
        #expect(recorder.prepared.withLock { $0 } == [7])
        #expect(pipeline.failure(for: 7) == "corrupt image data")
        #expect(pipeline.takeCompletions().map(\.failure) == ["corrupt image data"])
    }

    @Test func neverRunsMoreJobsThanWorkers() {
        let running = Mutex((now: 0, peak: 0))
        let pipeline = ImagePipeline<Int>(workers: 2, prepare: { _, _ in
            running.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            usleep(2000)
            running.withLock { $0.now -= 1 }
            return []
        }, wake: {})
        pipeline.submit(Array(0 ..< 20))
        waitIdle(pipeline)
        #expect(running.withLock { $0.peak } == 2)
    }
}

@Suite struct ByteCacheTests {
    @Test func evictsTheLeastRecentlyUsedBeyondTheLimit() {
        var cache = ByteCache<String>(limit: 10)
        cache["a"] = [UInt8](repeating: 0, count: 4)
        cache["b"] = [UInt8](repeating: 0, count: 4)
        _ = cache["a"]                                   // a is now fresher than b
        cache["c"] = [UInt8](repeating: 0, count: 4)    // 12 > 10: b goes
        #expect(cache["b"] == nil)
        #expect(cache["a"] != nil && cache["c"] != nil)
        #expect(cache.byteCount == 8)
    }

    @Test func anEntryLargerThanTheLimitStillFitsAlone() {
        var cache = ByteCache<Int>(limit: 3)
        cache[1] = [1]
        cache[2] = [UInt8](repeating: 2, count: 8)
        #expect(cache[2]?.count == 8)
        #expect(cache[1] == nil)
    }
}

@Suite struct HeaderReaderTests {
    @Test func readsEveryHeaderAndReportsFailures() throws {
        let tmp = try TemporaryDirectory()
        var urls: [URL] = []
        for n in 0 ..< 40 { urls.append(try tmp.copy("formats/palette.png", to: "p\(n).png")) }
        urls.append(try tmp.write("broken.png", Data("not a png".utf8)))
        let items = urls.map(LocalPhoto.placeholder)
        let wakes = Mutex(0)
        let reader = HeaderReader(library: items, unread: Set(items.map(\.photo.id)), workers: 2) { wakes.withLock { $0 += 1 } }
        reader.want([items.last!.photo.id, items[20].photo.id])
        var read: [Photo] = [], failed: [String: String] = [:]
        for _ in 0 ..< 500 where read.count + failed.count < items.count {
            usleep(2000)
            let batch = reader.take()
            read += batch.read
            failed.merge(batch.failed) { $1 }
        }
        #expect(read.count == 40 && failed.count == 1)
        #expect(Set(read.map(\.id)) == Set(items.dropLast().map(\.photo.id)))
        #expect(read.allSatisfy { $0.width > 0 && $0.height > 0 })
        #expect(failed[items.last!.photo.id] != nil)
        #expect(wakes.withLock { $0 } >= 1)
    }
}

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
