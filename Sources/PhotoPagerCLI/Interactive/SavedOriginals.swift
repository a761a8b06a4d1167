import FoundationEssentials
import Glibc
import PhotoLibrary
import PhotoPagerCore
import PhotoPagerBase
import Unsplash
import TerminalIO

/// Originals saved with `d`, and for `--print path`: those on their way (with their progress)
/// and those saved, by photo id, so a photo is downloaded once however it is asked for.
final class SavedOriginals: Sendable {
    private struct Progress { var received: Int64 = 0; var total: Int64 = 0 }
    private struct State {
        var running: [String: Progress] = [:]
        var saved: [String: URL] = [:]
    }

    private let downloader: PhotoDownloader?
    private let state = Locked(State())
    /// `d`'s downloads whose last word is not yet posted.
    private let unfinished = Locked(0)

    init(downloader: PhotoDownloader?) {
        self.downloader = downloader
    }

    /// `d` on a remote photo: saved on a thread of its own; `post` carries the status-line
    /// messages (progress at most every 200 ms, then where it went, or why not).
    func start(_ item: LibraryPhoto, post: @escaping @Sendable ([AppEvent]) -> Void) {
        let id = item.photo.id
        if let saved = state.withLock({ $0.saved[id] }) {
            post([.shellMessage("Already saved: " + saved.path)])
            return
        }
        // Claimed here, not on the thread: a second d before it starts finds it running.
        guard claim(id) else { return }
        post([.shellMessage("Downloading the original…")])
        unfinished.withLock { $0 += 1 }
        Platform.startThread { [self] in
            // Counted until its last word is posted (the loop's inbox then holds it): a test
            // waiting for the pager to go quiet otherwise saw it quiet mid-download.
            defer { unfinished.withLock { $0 -= 1 } }
            let throttle = Locked(ContinuousClock.now)
            let outcome = download(item) { received, total in
                let due = throttle.withLock { last in
                    guard ContinuousClock.now - last > .milliseconds(200) else { return false }
                    last = ContinuousClock.now
                    return true
                }
                if due { post([.shellMessage("Downloading the original… " + Self.amount(received, total))]) }
                return true
            }
            switch outcome {
            case .success(let url): post([.shellMessage("Saved " + url.path)])
            case .failure(let error): post([.shellMessage("Download failed: \(error)")])
            }
        }
    }

    /// Whether a `d` download is under way (callable from any thread).
    var isBusy: Bool { unfinished.withLock { $0 > 0 } }

    /// Saves `item` now, or waits for the download of it already running; its file.
    func save(_ item: LibraryPhoto) -> Result<URL, any Error> {
        let id = item.photo.id
        while true {
            if let saved = state.withLock({ $0.saved[id] }) { return .success(saved) }
            if claim(id) { return download(item, progress: nil) }
            usleep(50_000)                                    // `d` is fetching it: wait for that
            if state.withLock({ $0.running[id] == nil && $0.saved[id] == nil }) {
                return .failure(PhotoDownloader.Failure(description: "the download failed"))
            }
        }
    }

    /// Marks `id` running unless it is running or saved; whether this caller got it.
    private func claim(_ id: String) -> Bool {
        state.withLock { state in
            guard state.running[id] == nil, state.saved[id] == nil else { return false }
            state.running[id] = Progress()
            return true
        }
    }

    /// The download of a claimed photo.
    private func download(_ item: LibraryPhoto, progress: HTTPProgressHandler?) -> Result<URL, any Error> {
        let id = item.photo.id
        defer { state.withLock { _ = $0.running.removeValue(forKey: id) } }
        guard let downloader else { return .failure(PhotoDownloader.Failure(description: "no download folder (HOME is not set)")) }
        do {
            let url = try downloader.save(item.photo, location: item.image) { [self] received, total in
                state.withLock { $0.running[id] = Progress(received: received, total: total) }
                return progress?(received, total) ?? true
            }
            state.withLock { $0.saved[id] = url }
            return .success(url)
        } catch {
            return .failure(error)
        }
    }

    typealias HTTPProgressHandler = @Sendable (Int64, Int64) -> Bool

    /// After the UI is gone: waits for the downloads still running, saying how far they are on
    /// one line of stderr (rewritten in place on a terminal).
    func finishRunning(report: (String) -> Void) {
        var said = false
        while true {
            let running = state.withLock { Array($0.running.values) }
            guard !running.isEmpty else { break }
            let received = running.reduce(0) { $0 + $1.received }, total = running.reduce(0) { $0 + $1.total }
            report("finishing \(running.count) download\(running.count == 1 ? "" : "s")… " + Self.amount(received, total))
            said = true
            usleep(250_000)
        }
        if said { report("downloads finished") }
    }

    /// "45%" of a known size, else the megabytes so far.
    static func amount(_ received: Int64, _ total: Int64) -> String {
        let tenths = received * 10 / 1_048_576
        return total > 0 ? "\(received * 100 / total)%" : "\(tenths / 10).\(tenths % 10) MB"
    }
}
