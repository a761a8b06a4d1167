import Glibc
import PhotoLibrary
import PhotoPagerBase
import TerminalIO

/// Makes the rest of a long folder listing (`ListingRest`) into photos on a thread of its own,
/// in slices, while the first screen is already up; each slice waits for the loop, which takes
/// it after `wake`.
final class ListingStream: Sendable {
    private struct State {
        var made: [[LibraryPhoto]] = []
        var running = true
        /// When the loop first passed over slices waiting to be taken.
        var waitingSince: PagerClock.Instant?
    }

    /// How long made slices wait for the screen's images at most: the count in the status line
    /// lags the folder by no more.
    static let patience: Duration = .seconds(1)

    /// Photos a slice holds: a few milliseconds of work, so the grid's count grows steadily.
    static let sliceSize = 8192

    private let state = Locked(State())

    /// `imagesBusy`: whether the screen's images are being made.
    init(_ rest: ListingRest, imagesBusy: @escaping @Sendable () -> Bool = { false }, wake: @escaping @Sendable () -> Void) {
        Platform.startThread { [state] in
            // Below the image workers, like the header reader: the first screen's thumbnails go first.
            Platform.lowerThreadPriority()
            for start in stride(from: 0, to: rest.count, by: Self.sliceSize) {
                // And after them, within `patience`: beside them, this thread took the CPU from
                // the header reader (at its priority), whose headers the visible tiles wait for,
                // and a 100,000-photo folder's last thumbnail came after 1.2–1.5 s.
                var waited = Duration.zero
                while imagesBusy(), waited < Self.patience {
                    usleep(10_000)
                    waited += .milliseconds(10)
                }
                let slice = rest.photos(start ..< min(start + Self.sliceSize, rest.count))
                state.withLock { $0.made.append(slice) }
                wake()
            }
            state.withLock { $0.running = false }
            wake()
        }
    }

    /// The slices made since the last call, in order, once the screen's images are made
    /// (`imagesBusy` false) or after ``patience``: each slice costs the app a pass over every
    /// photo, and at 100,000 photos they held the first screen's last thumbnail back by a second.
    func take(imagesBusy: Bool, now: PagerClock.Instant) -> [LibraryPhoto] {
        state.withLock { state in
            guard !state.made.isEmpty else { return [] }
            let since = state.waitingSince ?? now
            guard !imagesBusy || now - since >= Self.patience else {
                state.waitingSince = since
                return []
            }
            state.waitingSince = nil
            defer { state.made.removeAll() }
            return state.made.flatMap { $0 }
        }
    }

    /// Whether slices were made that wait to be taken.
    var hasMade: Bool { state.withLock { !$0.made.isEmpty } }

    /// Whether slices are still being made (the last one wakes the loop before this turns false).
    var isBusy: Bool { state.withLock { $0.running || !$0.made.isEmpty } }
}
