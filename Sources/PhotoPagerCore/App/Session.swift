import PhotoPagerBase

/// This run's own: what it may do (the clipboard), what it remembers between runs, and the
/// photos the person picked for the output at exit.
public struct Session: Sendable, Hashable {
    /// `false` with `--no-clipboard`: sharing then never emits `.copyToClipboard` (OSC 52).
    public let clipboardEnabled: Bool
    /// What the app remembers between runs (the state file), as last chosen.
    public internal(set) var remembered: Remembered
    /// The photos the person picked, as the output at exit sees them (`exitSelection`).
    public internal(set) var picks = Picks()
    /// `--print` with `--min-rating` or `--rejected`: at exit, every photo that has such a
    /// rating then is printed too (after the shared and marked), without marking them.
    public internal(set) var printsRated: RatingFilter?
    /// `u`: this session's changes to ratings, to take back.
    public internal(set) var undo = UndoHistory()
}
