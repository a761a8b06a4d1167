import PhotoPagerBase
import Glibc
import TerminalIO

/// Inside tmux, whether the person sees our pane and where it is: tmux repaints the pane over
/// our images when its window is switched away and back, or copy mode is left; kitty images
/// placed through passthrough would stay on screen over another window; and images are placed
/// on the outer terminal by the pane's position, which a split or a status line moves. Asks
/// `tmux display -p` about every 300 ms on a thread of its own (focus events are off by
/// default in tmux) and wakes the loop when the answer changes.
final class TmuxPaneWatch: Sendable {
    private let changed = Locked<Tmux.PaneState?>(nil)
    /// The pane when the watch began.
    let initial: Tmux.PaneState

    init(tmux: Tmux, wake: @escaping @Sendable () -> Void) {
        let first = tmux.paneState ?? Tmux.PaneState(shown: true, column: 0, row: 0)
        initial = first
        Platform.startThread { [self] in
            var last = first
            while true {
                usleep(300_000)
                guard let now = tmux.paneState, now != last else { continue }
                last = now
                changed.withLock { $0 = now }
                wake()
            }
        }
    }

    /// The pane's state if it changed since the last call.
    func take() -> Tmux.PaneState? {
        changed.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
