import Dispatch
import Testing
@testable import PhotoPagerBase

@Suite struct LockedTests {
    /// Eight threads adding 20,000 times each lose no update.
    @Test func concurrentUpdatesAreNeverLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< 20_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 160_000)
    }

    @Test func theBodysResultAndErrorsComeThrough() throws {
        struct Failure: Error {}
        let box = Locked([1, 2])
        #expect(box.withLock { $0.append(3); return $0.count } == 3)
        #expect(throws: Failure.self) { try box.withLock { _ in throw Failure() } }
        #expect(box.withLock { $0 } == [1, 2, 3], "a throwing body still unlocks")
    }
}
