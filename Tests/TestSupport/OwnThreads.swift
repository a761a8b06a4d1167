import Foundation
import Testing

/// Runs each test of a suite on threads of its own instead of Swift's cooperative pool.
///
/// The pool has one thread per core (two on the machines CI runs on), and a synchronous test
/// holds its thread for as long as it runs. The tests that drive the app in a pseudo-terminal or
/// run the binary spend most of that time waiting for a child: on the pool, two such tests
/// leave every other test waiting with the cores idle. On threads of their own they wait beside
/// the rest; `.serialized` still runs a suite's tests one at a time.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // The suite's own scope too: between two tests of a `.serialized` suite the next one is
        // started from there, and on a busy pool that start would wait behind everything queued.
        try await withTaskExecutorPreference(ThreadPerJob.shared) { try await function() }
    }
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
