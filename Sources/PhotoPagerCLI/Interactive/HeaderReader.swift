import FoundationEssentials
import Glibc
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import TerminalIO

/// Reads the headers of a lazily listed folder on worker threads: the ones the screen asks for
/// first (`.readHeaders`), then the rest in folder order, so the info panel and the pager soon
/// know every photo. Results pile up until the loop takes them after `wake`.
final class HeaderReader: Sendable {
    private struct State {
        /// Unread photos in folder order; `urgent` goes first.
        var queue: [String] = []
        /// The next of `queue` not yet taken.
        var cursor = 0
        var urgent: [String] = []
        /// The screen's last wishes, and whether one of them was read since the last take.
        var wanted: Set<String> = []
        var wantedArrived = false
        /// When the loop last took what was read.
        var taken: PagerClock.Instant?
        var done: Set<String> = []
        var read: [Photo] = []
        var failed: [String: String] = [:]
        var workers = 0
        /// The file of each photo still to read (ids and URLs only: no second photo list).
        var files: [String: URL] = [:]
    }

    private let state: Locked<State>
    private let wake: @Sendable () -> Void
    private let maximumWorkers: Int
    /// Images the screen waits for are being made: the sweep through the folder waits for them.
    private let imagesBusy: @Sendable () -> Bool

    init(library: [LibraryPhoto], unread: Set<String>, workers: Int, imagesBusy: @escaping @Sendable () -> Bool = { false },
         wake: @escaping @Sendable () -> Void) {
        state = Locked(State())
        self.wake = wake
        self.imagesBusy = imagesBusy
        maximumWorkers = max(1, workers)
        add(library, unread: unread)
    }

    /// More photos listed, after those before in folder order; those in `unread` are read.
    func add(_ library: [LibraryPhoto], unread: Set<String>) {
        let pending = library.compactMap { item -> (String, URL)? in
            guard unread.contains(item.photo.id), case .file(let url) = item.image else { return nil }
            return (item.photo.id, url)
        }
        state.withLock { state in
            state.files.merge(pending, uniquingKeysWith: { first, _ in first })
            state.queue += pending.map(\.0)
        }
        start()
    }

    /// The screen's wishes, most urgent first; they replace the last ones.
    func want(_ ids: [String]) {
        state.withLock { $0.urgent = ids; $0.wanted = Set(ids) }
        start()
    }

    /// Each arrival the app takes costs it a pass over every photo (its state is compared with
    /// the one before), so the sweep's many are taken this often, the screen's at once.
    static let gap: Duration = .milliseconds(250)

    /// What arrived since the last call: everything `gap` after the last take, else only when a
    /// header the screen asked for is among it (nil: let it pile up).
    func take(now: PagerClock.Instant) -> (read: [Photo], failed: [String: String])? {
        state.withLock { state in
            let due = state.taken.map { now - $0 >= Self.gap } ?? true
            guard due || state.wantedArrived, !state.read.isEmpty || !state.failed.isEmpty else { return nil }
            defer { state.read.removeAll(); state.failed.removeAll(); state.wantedArrived = false; state.taken = now }
            return (state.read, state.failed)
        }
    }

    /// How long until what piled up is due (nil: nothing did).
    func due(now: PagerClock.Instant) -> Duration? {
        state.withLock { state in
            guard !state.read.isEmpty || !state.failed.isEmpty else { return nil }
            return state.taken.map { max(.zero, Self.gap - (now - $0)) } ?? .zero
        }
    }

    /// Whether headers are being read. A worker wakes the loop for what it read before it
    /// stops, so the loop is never told idle with a wake still to come.
    var isBusy: Bool { state.withLock { $0.workers > 0 } }

    private func start() {
        let count = state.withLock { state -> Int in
            let wanted = min(maximumWorkers - state.workers, state.queue.count - state.cursor + state.urgent.count)
            state.workers += max(0, wanted)
            return max(0, wanted)
        }
        for _ in 0 ..< count { Platform.startThread { self.work() } }
    }

    private func work() {
        // Below the image workers: the sweep through a big folder must not slow the thumbnails
        // the person is waiting for (the headers those need are few, and come first).
        Platform.lowerThreadPriority()
        let head = FileHead()
        while true {
            // The sweep waits while the screen's images are made: a folder of 10,000 opened from
            // the thumbnail cache read its thumbnails 5–10 ms apart while this opened thousands
            // of photo files beside them. The headers the screen asks for never wait.
            let sweeping = !imagesBusy()
            guard let next = next(sweeping: sweeping) else { return }
            guard let (id, url) = next else { usleep(10_000); continue }
            let outcome: Result<Photo, any Error> = Result {
                defer { head.close() }
                try head.open(url.path)
                return try LocalPhoto.make(url: url, head: head).photo
            }
            let first = state.withLock { state -> Bool in
                let wasEmpty = state.read.isEmpty && state.failed.isEmpty
                switch outcome {
                case .success(let photo): state.read.append(photo)
                case .failure(let error): state.failed[id] = "\(error)"
                }
                let wanted = state.wanted.contains(id)
                state.wantedArrived = state.wantedArrived || wanted
                return wasEmpty || wanted
            }
            // One wake per batch, and for each header the screen asked for: the loop takes
            // everything that piled up meanwhile.
            if first { wake() }
        }
    }

    /// The next photo to read and its file (of the sweep only when `sweeping`; `.some(nil)`:
    /// none now, but the sweep is not done); nil: nothing left, the worker leaves. Only ids this
    /// reader knows are handed out, so a worker leaves only through the count below.
    private func next(sweeping: Bool) -> (String, URL)?? {
        state.withLock { state in
            while !state.urgent.isEmpty {
                let id = state.urgent.removeFirst()
                if let url = state.files[id], state.done.insert(id).inserted { return (id, url) }
            }
            if !sweeping && state.cursor < state.queue.count { return .some(nil) }
            while state.cursor < state.queue.count {
                let id = state.queue[state.cursor]
                state.cursor += 1
                if let url = state.files[id], state.done.insert(id).inserted { return (id, url) }
            }
            state.workers -= 1
            return nil
        }
    }
}
