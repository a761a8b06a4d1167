import Dispatch
import Glibc

/// Splits row-wise image work over the machine's cores. Each worker gets one contiguous run of
/// rows, so workers write disjoint memory and the result never depends on the schedule.
public enum ParallelRows {
    public static let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Calls `body(worker, rows)` for `workers` contiguous slices of `0..<count` (at most one per
    /// core, and none smaller than `minimumRows`), concurrently, and returns when all are done.
    public static func forEach(_ count: Int, minimumRows: Int = 1,
                               _ body: @Sendable (_ worker: Int, _ rows: Range<Int>) -> Void) {
        let workers = max(1, min(cores, count / max(1, minimumRows)))
        if workers == 1 { body(0, 0 ..< count); return }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            body(worker, count * worker / workers ..< count * (worker + 1) / workers)
        }
    }
}

/// A raw pixel buffer that parallel workers share, each touching only its own rows.
/// `@unchecked` because that discipline is what makes it safe, not the type system.
public struct SharedBuffer<Element>: @unchecked Sendable {
    public let base: UnsafeMutablePointer<Element>
    public let count: Int

    public init(count: Int) {
        base = .allocate(capacity: count)
        self.count = count
    }

    /// Wraps memory someone else owns (and frees).
    public init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }
}
