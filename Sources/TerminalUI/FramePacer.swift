/// When to draw the next frame: at most one per ``minimumInterval`` (60 per second by default).
///
/// Why a pure helper: the loop coalesces state changes ("dirty") and asks this when to flush; a
/// burst of key repeats or decode completions then costs one frame per interval, not one per
/// event, and the rule is testable without a clock.
public struct FramePacer: Sendable, Hashable {
    public enum Decision<Instant: InstantProtocol>: Hashable {
        /// Enough time has passed since the last frame.
        case drawNow
        /// Too soon: draw at this instant (keep collecting changes until then).
        case drawAt(Instant)
    }

    public var minimumInterval: Duration

    public init(minimumInterval: Duration) {
        self.minimumInterval = max(.zero, minimumInterval)
    }

    /// `framesPerSecond` of at least 1; 60 by default.
    public init(framesPerSecond: Int = 60) {
        self.init(minimumInterval: .seconds(1) / max(1, framesPerSecond))
    }

    /// Whether a frame due now may be drawn, given when the last one was (`nil`: never).
    /// A `lastFrame` in the future (a clock mix-up) waits at most one interval from `now`.
    public func decide<I: InstantProtocol>(now: I, lastFrame: I?) -> Decision<I> where I.Duration == Duration {
        guard let lastFrame else { return .drawNow }
        let due = min(lastFrame.advanced(by: minimumInterval), now.advanced(by: minimumInterval))
        return now >= due ? .drawNow : .drawAt(due)
    }
}
