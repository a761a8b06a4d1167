/// When kitty transmissions go. An upload cannot be cut short once begun (megabytes, inline),
/// so: photos the terminal does not hold yet wait while a key is held (the view's placeholder
/// shows) and are sent once the keys stop; the first ones wait the moment kitty takes to answer
/// whether it reads our files (so they need not go inline); and neighbours go ahead only once
/// the person has rested a while. Inert for the other renderers.
struct KittyUploadPolicy {
    typealias Instant = PagerClock.Instant

    /// kitty answers a query within milliseconds locally; one that has not in this long never will.
    static let fileProbeWait: Duration = .milliseconds(100)
    /// No input for this long: the person looks at the photo, neighbours may go ahead.
    static let restBeforeSendingAhead: Duration = .milliseconds(150)

    private let active: Bool
    /// Inputs closer than this are a held key.
    private let repeatGap: Duration
    private let startedAt: Instant
    private(set) var lastInput: Instant
    /// The time between the last two inputs: short while a key is held (auto-repeat).
    private var inputGap: Duration = .seconds(1)
    /// When the transmissions held back from the last frame are due.
    private var heldBackUntil: Instant?

    init(kitty: Bool, repeatGap: Duration, now: Instant) {
        active = kitty
        self.repeatGap = repeatGap
        startedAt = now
        lastInput = now
    }

    mutating func inputArrived(at now: Instant) {
        inputGap = now - lastInput
        lastInput = now
    }

    /// Until when new transmissions wait (nil: they go now): while a key is held, and, while
    /// kitty has not answered the file probe (`probePending`), a moment after the start.
    func transmissionsWait(now: Instant, probePending: Bool) -> Instant? {
        guard active else { return nil }
        var until: Instant?
        if inputGap < repeatGap, now - lastInput < repeatGap { until = lastInput + repeatGap }
        if probePending, now - startedAt < Self.fileProbeWait {
            until = max(until ?? startedAt, startedAt + Self.fileProbeWait)
        }
        return until
    }

    /// A frame left transmissions out: they are due at `until`.
    mutating func heldBack(until: Instant) {
        heldBackUntil = until
    }

    /// Whether held-back transmissions fell due now (the frame must be drawn again), else how
    /// long until they do (nil: none held back).
    mutating func release(now: Instant) -> (due: Bool, wait: Duration?) {
        guard let due = heldBackUntil else { return (false, nil) }
        guard now < due else {
            heldBackUntil = nil
            return (true, nil)
        }
        return (false, due - now)
    }

    /// How long until neighbours may go ahead (zero: now; nil: never, not kitty).
    func restLeft(now: Instant) -> Duration? {
        guard active else { return nil }
        return max(.zero, Self.restBeforeSendingAhead - (now - lastInput))
    }
}
