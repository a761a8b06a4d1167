import PhotoPagerBase
import Foundation
@testable import PhotoPagerCLI
import Testing

@Suite struct ImagePipelineTests {
    /// Records which keys were prepared, and can hold workers until released.
    final class Recorder: Sendable {
        let prepared = Locked<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        let wakes = Locked(0)
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

    /// A long job's draft is kept and told while the job goes on; the result replaces it.
    @Test func aDraftIsToldBeforeTheResultAndGoesWithIt() {
        let drafted = DispatchSemaphore(value: 0), finish = DispatchSemaphore(value: 0)
        let pipeline = ImagePipeline<Int>(workers: 1, draftKey: { -$0 }, prepare: { key, job in
            job.offerDraft([9])
            drafted.signal()
            finish.wait()
            return [UInt8(key)]
        }, wake: {})
        pipeline.submit([5])
        #expect(drafted.wait(timeout: .now() + 5) == .success)
        let first = pipeline.takeCompletions()
        #expect(first.map(\.key) == [5] && first.map(\.draft) == [true])
        #expect(pipeline.bytes(for: -5) == [9] && pipeline.bytes(for: 5) == nil)
        pipeline.submit([5])                                  // still running: not started twice
        finish.signal()
        waitIdle(pipeline)
        let last = pipeline.takeCompletions()
        #expect(last.map(\.key) == [5] && last.map(\.draft) == [false])
        #expect(pipeline.bytes(for: 5) == [5] && pipeline.bytes(for: -5) == nil)
    }

    /// A draft of work the screen no longer wants is neither kept nor told.
    @Test func aDraftOfUnwantedWorkIsDropped() {
        let started = DispatchSemaphore(value: 0), offer = DispatchSemaphore(value: 0)
        let pipeline = ImagePipeline<Int>(workers: 1, draftKey: { -$0 }, prepare: { key, job in
            started.signal()
            offer.wait()
            job.offerDraft([9])
            return [UInt8(key)]
        }, wake: {})
        pipeline.submit([5])
        #expect(started.wait(timeout: .now() + 5) == .success)
        pipeline.submit([])
        offer.signal()
        waitIdle(pipeline)
        #expect(pipeline.bytes(for: -5) == nil)
        #expect(!pipeline.takeCompletions().contains { $0.draft })
    }

    @Test func runningWorkTheScreenDroppedGivesUpAndIsNotAFailure() {
        let started = DispatchSemaphore(value: 0)
        let gaveUp = DispatchSemaphore(value: 0)
        let pipeline = ImagePipeline<Int>(workers: 1, prepare: { key, job in
            if key == 0 {
                started.signal()
                while job.stillWanted() { usleep(1000) }          // a download polling between chunks
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
        let running = Locked((now: 0, peak: 0))
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

    /// A job about to hold a big buffer evicts cached photos the screen no longer wants, so the
    /// budget covers the cache and the decode together; what the screen wants stays.
    @Test func aBigDecodeMakesRoomFromWhatIsNoLongerWanted() {
        let pipeline = ImagePipeline<Int>(cacheBytes: 100, workers: 1, prepare: { key, job in
            if key == 9 { job.makeRoom(60) }
            return [UInt8](repeating: UInt8(key), count: 20)
        }, wake: {})
        pipeline.submit([1, 2, 3, 4])
        waitIdle(pipeline)
        #expect((1 ... 4).allSatisfy { pipeline.bytes(for: $0) != nil })   // 80 of 100 bytes
        _ = pipeline.bytes(for: 1)                                      // 1 is the freshest
        pipeline.submit([9], keeping: [4])                               // 4 ready, still on screen
        waitIdle(pipeline)
        // 60 more had to fit beside the 80: two of the unwanted 1–3 went, oldest first.
        #expect(pipeline.bytes(for: 2) == nil && pipeline.bytes(for: 3) == nil)
        #expect(pipeline.bytes(for: 1) != nil && pipeline.bytes(for: 4) != nil && pipeline.bytes(for: 9) != nil)
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

    @Test func makingRoomSparesTheKeptEntries() {
        var cache = ByteCache<Int>(limit: 10)
        for key in 1 ... 5 { cache[key] = [UInt8](repeating: 0, count: 2) }
        cache.makeRoom(for: 8, sparing: [1, 2, 3])
        #expect(cache[4] == nil && cache[5] == nil)
        #expect(cache.byteCount == 6, "kept entries stay even when the room is not all there")
    }

    @Test func anEntryLargerThanTheLimitStillFitsAlone() {
        var cache = ByteCache<Int>(limit: 3)
        cache[1] = [1]
        cache[2] = [UInt8](repeating: 2, count: 8)
        #expect(cache[2]?.count == 8)
        #expect(cache[1] == nil)
    }
}
