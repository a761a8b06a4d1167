/// The time the pager loop reads, and with it everything it schedules: the frame pace, the
/// spinner, animation frames, the info panel's rest, the slideshow, kitty's hold-back. Run for
/// real it is the continuous clock; the in-process tests hand one they move themselves, so
/// they run those timers without sleeping.
struct PagerClock: Sendable {
    typealias Instant = ContinuousClock.Instant

    let now: @Sendable () -> Instant

    static let continuous = PagerClock { ContinuousClock.now }
}
