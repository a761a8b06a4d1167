import PhotoPagerBase
import Dispatch
import PhotoDecoding
import TerminalIO

/// Decodes and encodes photos off the input thread, at most one job per core, newest request
/// first, and keeps the ready-to-write bytes in a bounded LRU cache.
///
/// The main loop calls `submit` with everything the screen wants now (visible thumbnails, the
/// current page, its neighbours for prefetch); anything still waiting from older submissions is
/// dropped, so flipping fast never queues a backlog (latest wins). Finished work is collected
/// with `takeCompletions` after `wake` fires.
///
/// The memory budget covers the cache and the decodes in flight: a job about to allocate a big
/// working buffer (`PipelineJob.makeRoom`) first evicts what the screen no longer wants.
///
/// A long job may hand over a draft first (`PipelineJob.offerDraft`: a RAW's preview while the
/// raw is developed): cached under the key's draft key and told as a completion of its own,
/// while the job goes on.
final class ImagePipeline<Key: Hashable & Sendable>: Sendable {
    struct Completion: Sendable {
        let key: Key
        /// nil on success (the bytes are in the cache), else why it failed.
        let failure: String?
        /// The failure may pass (the network): it is not remembered, a later submission tries again.
        var mayPass = false
        /// Only a draft is ready (under `draftKey(key)`); the job goes on.
        var draft = false
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

    private let state: Locked<State>
    private let prepare: @Sendable (Key, PipelineJob) throws -> [UInt8]
    private let wake: @Sendable () -> Void
    private let maximumWorkers: Int
    private let draftKey: @Sendable (Key) -> Key?

    /// `prepare` turns a key into bytes (fetch + decode + encode); through its `PipelineJob` it
    /// may ask during a long download whether the work is still wanted, and give up (throwing
    /// `PipelineCancellation`, which is forgotten rather than remembered as a failure), and make
    /// room for a big buffer. `wake` tells the main loop to collect. `draftKey`: where a key's
    /// draft is kept (nil: drafts are not taken).
    init(cacheBytes: Int = 48 << 20, workers: Int = ParallelRows.cores,
         draftKey: @escaping @Sendable (Key) -> Key? = { _ in nil },
         prepare: @escaping @Sendable (Key, PipelineJob) throws -> [UInt8],
         wake: @escaping @Sendable () -> Void) {
        state = Locked(State(cache: ByteCache(limit: cacheBytes)))
        self.prepare = prepare
        self.wake = wake
        self.draftKey = draftKey
        maximumWorkers = max(1, workers)
    }

    /// Replaces the waiting list with `keys` (most wanted first), skipping what is cached,
    /// running or known to fail. `kept`: what the screen shows or will soon, already ready:
    /// never evicted to make room for a big decode.
    func submit(_ keys: [Key], keeping kept: Set<Key> = []) {
        let toStart: Int = state.withLock { state in
            var seen = Set<Key>()
            state.wanted = kept.union(keys)
            state.wanted.formUnion(state.wanted.compactMap(draftKey))   // what stands in is wanted while it does
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

    /// Whether anything is waiting or running (tests and shutdown wait on this). A worker wakes
    /// the loop for each completion before it stops, so the loop is never told idle with a
    /// wake still to come.
    var isBusy: Bool { state.withLock { !$0.pending.isEmpty || $0.workers > 0 } }

    /// One worker: take the most wanted key, prepare it, store the result, repeat until empty.
    private func work() {
        while let key = next() {
            let completion: Completion
            do {
                let job = PipelineJob(stillWanted: { [self] in state.withLock { $0.wanted.contains(key) } },
                                      makeRoom: { [self] bytes in state.withLock { $0.cache.makeRoom(for: bytes, sparing: $0.wanted) } },
                                      offerDraft: { [self] bytes in offerDraft(bytes, for: key) })
                let bytes = try prepare(key, job)
                completion = state.withLock { state in
                    state.cache[key] = bytes
                    if let draft = draftKey(key) { state.cache[draft] = nil }   // the real thing is here
                    return Completion(key: key, failure: nil)
                }
            } catch let error as PassingFailure {
                completion = Completion(key: key, failure: error.description, mayPass: true)
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

    /// A job's draft, kept and told while the screen still wants the key.
    private func offerDraft(_ bytes: [UInt8], for key: Key) {
        guard let draft = draftKey(key) else { return }
        let told = state.withLock { state -> Bool in
            guard state.wanted.contains(key) else { return false }
            state.cache[draft] = bytes
            state.completions.append(Completion(key: key, failure: nil, draft: true))
            return true
        }
        if told { wake() }
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

/// What a job may ask of its pipeline while it runs.
struct PipelineJob: Sendable {
    /// False once the screen no longer wants the result.
    let stillWanted: @Sendable () -> Bool
    /// The job is about to hold this many bytes: unwanted cache entries go first, so the cache
    /// and the job together stay within the budget where they can.
    let makeRoom: @Sendable (Int) -> Void
    /// What stands in until the job is done, ready to write (a RAW's preview, enlarged).
    var offerDraft: @Sendable ([UInt8]) -> Void = { _ in }
}

/// Thrown by `prepare` when the work is no longer wanted.
struct PipelineCancellation: Error {}

/// Thrown by `prepare` for a failure that may pass (offline, a timeout, a server error).
struct PassingFailure: Error, CustomStringConvertible {
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

    /// Evicts the least recently used entries outside `kept` until `bytes` more fit beside the
    /// rest (or only kept entries are left).
    mutating func makeRoom(for bytes: Int, sparing kept: Set<Key>) {
        while total + bytes > limit,
              let oldest = entries.filter({ !kept.contains($0.key) }).min(by: { $0.value.stamp < $1.value.stamp })?.key {
            total -= entries.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
    }

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
