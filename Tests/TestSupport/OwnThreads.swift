// TestSupport is an ordinary target, built by `swift build` and `make release` too, where the
// Testing module is not on the search path: only test builds get the trait.
#if canImport(Testing)
import Foundation
import Testing

/// Runs each test of a suite on threads of its own instead of Swift's cooperative pool.
///
/// The pool has one thread per core (two on the machines CI runs on), and a synchronous test
/// holds its thread for as long as it runs. The tests that drive the app in a pseudo-terminal or
/// run the binary spend most of that time waiting for a child: on the pool, two such tests
/// leave every other test waiting with the cores idle. On threads of their own they wait beside
/// the rest; `.serialized` still runs a suite's tests one at a time.
///
/// At most ``width`` such tests run at once: twice the cores, or as many as the cores under a
/// sanitizer (`PHOTOPAGER_TEST_TIME_SCALE`), whose apps are several times slower. Unbounded,
/// every suite's test would start together, and a pty test waiting for a frame from an app
/// slowed down by AddressSanitizer on a loaded machine would time out.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // The suite's own scope too: between two tests of a `.serialized` suite the next one is
        // started from there, and on a busy pool that start would wait behind everything queued.
        try await withTaskExecutorPreference(ThreadPerJob.shared) {
            guard testCase != nil else { return try await function() }
            Self.takeSlot()
            defer { Self.slots.signal() }
            try await function()
        }
    }

    /// How many tests with their own threads may run at once.
    public static let width = (TestTimeouts.scale > 1 ? 1 : 2) * max(1, ProcessInfo.processInfo.activeProcessorCount)
    private static let slots = DispatchSemaphore(value: width)

    /// Blocks a thread of ours (never one of the pool) until a slot is free.
    private static func takeSlot() { slots.wait() }
}

extension Trait where Self == OwnThreads {
    /// Each test on threads of its own (see ``OwnThreads``).
    public static var ownThreads: Self { OwnThreads() }
}

/// A task executor that runs every job it is given on a new thread: a job of a synchronous
/// test is the whole test, so the thread lives as long as the test blocks.
final class ThreadPerJob: TaskExecutor {
    static let shared = ThreadPerJob()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
#endif
