import PhotoPagerCore
import Glibc
import TerminalIO

/// Inside tmux, whether the person sees our pane: tmux repaints the pane over our images when
/// its window is switched away and back, or copy mode is left, and kitty images placed through
/// passthrough would stay on screen over another window. Asks `tmux display -p` about every
/// 300 ms on a thread of its own (focus events are off by default in tmux) and wakes the loop
/// when the answer changes.
final class TmuxPaneWatch: Sendable {
    private let changed = Locked<Bool?>(nil)

    init(tmux: Tmux, wake: @escaping @Sendable () -> Void) {
        Platform.startThread { [self] in
            var shown = true
            while true {
                usleep(300_000)
                guard let now = tmux.paneIsShown, now != shown else { continue }
                shown = now
                changed.withLock { $0 = now }
                wake()
            }
        }
    }

    /// The pane's visibility if it changed since the last call.
    func take() -> Bool? {
        changed.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
