import Dispatch
import PhotoDecoding
import Synchronization

/// Decodes and encodes photos off the input thread, at most one job per core, newest request
/// first, and keeps the ready-to-write bytes in a bounded LRU cache.
///
/// The main loop calls `submit` with everything the screen wants now (visible thumbnails, the
/// current page, its neighbours for prefetch); anything still waiting from older submissions is
/// dropped, so flipping fast never queues a backlog (latest wins). Finished work is collected
/// with `takeCompletions` after `wake` fires.
final class ImagePipeline<Key: Hashable & Sendable>: Sendable {
    struct Completion: Sendable {
        let key: Key
        /// nil on success (the bytes are in the cache), else why it failed.
        let failure: String?
        /// The failure may pass (the network): it is not remembered, a later submission tries again.
        var transient = false
    }

    private struct State {
        /// Everything the latest submission asked for, running work included.
        var wanted: Set<Key> = []
        var pending: [Key] = []
        var running: Set<Key> = []
        var failed: [Key: String] = [:]
        var completions: [Completion] = []
        var cache: ByteCache<Key>
        var workers = 0
    }

    private let state: Mutex<State>
    private let prepare: @Sendable (Key, _ stillWanted: @escaping @Sendable () -> Bool) throws -> [UInt8]
    private let wake: @Sendable () -> Void
    private let maximumWorkers: Int

    /// `prepare` turns a key into bytes (fetch + decode + encode), and may ask `stillWanted`
    /// during a long download to give up on work the screen dropped (throwing
    /// `PipelineCancellation`, which is forgotten rather than remembered as a failure);
    /// `wake` tells the main loop to collect.
    init(cacheBytes: Int = 48 << 20, workers: Int = ParallelRows.cores,
         prepare: @escaping @Sendable (Key, _ stillWanted: @escaping @Sendable () -> Bool) throws -> [UInt8],
         wake: @escaping @Sendable () -> Void) {
        state = Mutex(State(cache: ByteCache(limit: cacheBytes)))
        self.prepare = prepare
        self.wake = wake
        maximumWorkers = max(1, workers)
    }

    /// Replaces the waiting list with `keys` (most wanted first), skipping what is cached,
    /// running or known to fail.
    func submit(_ keys: [Key]) {
        let toStart: Int = state.withLock { state in
            var seen = Set<Key>()
            state.wanted = Set(keys)
            state.pending = keys.filter { key in
                seen.insert(key).inserted && state.cache[key] == nil && !state.running.contains(key)
                    && state.failed[key] == nil
            }
            let start = min(state.pending.count, maximumWorkers - state.workers)
            state.workers += max(0, start)
            return max(0, start)
        }
        for _ in 0 ..< toStart {
            Platform.startThread { self.work() }
        }
    }

    /// The ready bytes for `key`, marking them recently used.
    func bytes(for key: Key) -> [UInt8]? {
        state.withLock { $0.cache[key] }
    }

    func failure(for key: Key) -> String? {
        state.withLock { $0.failed[key] }
    }

    func takeCompletions() -> [Completion] {
        state.withLock { state in
            defer { state.completions.removeAll() }
            return state.completions
        }
    }

    /// Whether anything is waiting or running (tests and shutdown wait on this).
    var isBusy: Bool { state.withLock { !$0.pending.isEmpty || $0.workers > 0 } }

    /// One worker: take the most wanted key, prepare it, store the result, repeat until empty.
    private func work() {
        while let key = next() {
            let completion: Completion
            do {
                let bytes = try prepare(key) { [self] in state.withLock { $0.wanted.contains(key) } }
                completion = state.withLock { state in
                    state.cache[key] = bytes
                    return Completion(key: key, failure: nil)
                }
            } catch let error as TransientFailure {
                completion = Completion(key: key, failure: error.description, transient: true)
            } catch is PipelineCancellation {
                state.withLock { _ = $0.running.remove(key) }   // asked again later, it starts afresh
                continue
            } catch {
                completion = Completion(key: key, failure: "\(error)")
                state.withLock { $0.failed[key] = "\(error)" }
            }
            state.withLock { state in
                state.running.remove(key)
                state.completions.append(completion)
            }
            wake()
        }
    }

    private func next() -> Key? {
        state.withLock { state in
            guard !state.pending.isEmpty else {
                state.workers -= 1
                return nil
            }
            let key = state.pending.removeFirst()
            state.running.insert(key)
            return key
        }
    }
}

/// Thrown by `prepare` when the work is no longer wanted.
struct PipelineCancellation: Error {}

/// Thrown by `prepare` for a failure that may pass (offline, a timeout, a server error).
struct TransientFailure: Error, CustomStringConvertible {
    let description: String
}

/// An LRU map from keys to byte arrays, bounded by their total size.
struct ByteCache<Key: Hashable> {
    private var entries: [Key: (bytes: [UInt8], stamp: Int)] = [:]
    private var clock = 0
    private var total = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var byteCount: Int { total }

    subscript(key: Key) -> [UInt8]? {
        mutating get {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.bytes, clock)
            return entry.bytes
        }
        set {
            if let old = entries.removeValue(forKey: key) { total -= old.bytes.count }
            guard let bytes = newValue else { return }
            clock += 1
            entries[key] = (bytes, clock)
            total += bytes.count
            while total > limit, entries.count > 1,
                  let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp })?.key, oldest != key {
                total -= entries.removeValue(forKey: oldest)?.bytes.count ?? 0
            }
        }
    }
}
