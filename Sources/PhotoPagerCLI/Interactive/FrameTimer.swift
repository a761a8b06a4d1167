/// When the pager's next animation frame is due (`.scheduleFrame`), kept by the event loop
/// rather than a thread per frame. A frame due while the terminal is still taking the last one
/// waits for it: a slow terminal sees fewer frames, never a backlog.
struct FrameTimer {
    private(set) var due: (at: ContinuousClock.Instant, generation: Int)?

    mutating func schedule(after delay: Duration, generation: Int, now: ContinuousClock.Instant) {
        due = (now + delay, generation)
    }

    /// How long the loop may sleep for it (nil: no frame asked for, or the terminal is still
    /// taking output, whose progress wakes the loop anyway).
    func timeout(now: ContinuousClock.Instant, outputIdle: Bool) -> Duration? {
        guard outputIdle else { return nil }
        return due.map { max(.zero, $0.at - now) }
    }

    /// The generation whose time has come, once the terminal is idle (and then forgotten).
    mutating func take(now: ContinuousClock.Instant, outputIdle: Bool) -> Int? {
        guard let due, now >= due.at, outputIdle else { return nil }
        self.due = nil
        return due.generation
    }
}
