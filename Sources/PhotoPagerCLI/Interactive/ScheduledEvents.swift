import PhotoPagerCore

/// Events the app asked for later (the info panel's details after a rest, the slideshow's next
/// slide), kept by the loop and handed back when their time comes on its clock: the loop sleeps
/// until the earliest, as it does for its other deadlines.
struct ScheduledEvents {
    private var waiting: [(due: PagerClock.Instant, event: AppEvent)] = []

    mutating func schedule(_ event: AppEvent, after delay: Duration, now: PagerClock.Instant) {
        waiting.append((now + delay, event))
    }

    /// The events whose time has come, earliest first (and then forgotten).
    mutating func takeDue(now: PagerClock.Instant) -> [AppEvent] {
        let due = waiting.enumerated().filter { $0.element.due <= now }
            .sorted { ($0.element.due, $0.offset) < ($1.element.due, $1.offset) }
        waiting.removeAll { $0.due <= now }
        return due.map(\.element.event)
    }

    /// How long the loop may sleep before the earliest is due (nil: none waiting).
    func timeout(now: PagerClock.Instant) -> Duration? {
        waiting.map(\.due).min().map { max(.zero, $0 - now) }
    }
}
