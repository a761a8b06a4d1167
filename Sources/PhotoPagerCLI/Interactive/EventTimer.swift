import Glibc
import PhotoPagerCore
import TerminalIO

/// Events the app asked for later (the info panel's details after a rest, the slideshow's next
/// slide), handed to the loop when their time comes, each on a thread of its own.
struct EventTimer: Sendable {
    /// Hands events to the loop and wakes it.
    let post: @Sendable ([AppEvent]) -> Void

    func after(_ delay: Duration, _ event: AppEvent) {
        Platform.startThread { [post] in
            // usleep takes at most ~71 minutes; a day-long slideshow pace sleeps in pieces.
            var left = delay.wholeMicroseconds
            while left > 0 {
                let piece = min(left, 1_000_000_000)
                usleep(UInt32(piece))
                left -= piece
            }
            post([event])
        }
    }
}
