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
    }

    /// Photos a slice holds: a few milliseconds of work, so the grid's count grows steadily.
    static let sliceSize = 8192

    private let state = Locked(State())

    init(_ rest: ListingRest, wake: @escaping @Sendable () -> Void) {
        Platform.startThread { [state] in
            // Below the image workers, like the header reader: the first screen's thumbnails go first.
            Platform.lowerThreadPriority()
            for start in stride(from: 0, to: rest.count, by: Self.sliceSize) {
                let slice = rest.photos(start ..< min(start + Self.sliceSize, rest.count))
                state.withLock { $0.made.append(slice) }
                wake()
            }
            state.withLock { $0.running = false }
            wake()
        }
    }

    /// The slices made since the last call, in order.
    func take() -> [LibraryPhoto] {
        state.withLock { state in
            defer { state.made.removeAll() }
            return state.made.flatMap { $0 }
        }
    }

    /// Whether slices are still being made (the last one wakes the loop before this turns false).
    var isBusy: Bool { state.withLock { $0.running || !$0.made.isEmpty } }
}
