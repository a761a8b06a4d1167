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

    /// Calls `body(rows)` for pieces of `batch` rows of `0..<count`, handed out as the cores free
    /// up, and returns when all are done: for rows whose cost varies (files, some cached by the
    /// kernel, some not), where one slice per core left a core idle until the slowest finished.
    public static func forEach(_ count: Int, batch: Int, _ body: @Sendable (_ rows: Range<Int>) -> Void) {
        let pieces = (count + batch - 1) / max(1, batch)
        if pieces <= 1 || cores == 1 { body(0 ..< count); return }
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            body(piece * batch ..< min(count, (piece + 1) * batch))
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
