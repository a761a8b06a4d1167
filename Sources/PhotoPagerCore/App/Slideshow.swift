/// The slideshow: the pager turns a page every `seconds` while it runs. `S` starts and pauses
/// it; any other key pauses it and still does its own job (`AppState+Input`). Each turn is a
/// timer the shell runs (`.scheduleSlide`); a timer set before a pause or a restart carries an
/// older `generation` and is ignored when it fires.
public struct Slideshow: Sendable, Hashable {
    public var seconds: Double
    /// After the last photo: the first again, or stop.
    public var loops: Bool
    public private(set) var isRunning = false
    public private(set) var generation = 0
    /// Asked for before a feed's first page arrived: it starts with the first photo.
    public private(set) var startsWhenLoaded = false

    public static let defaultSeconds = 5.0

    /// "5 s", "2.5 s".
    public static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " s"
    }

    public init(seconds: Double = Slideshow.defaultSeconds, loops: Bool = false) {
        self.seconds = seconds.isFinite && seconds > 0 ? seconds : Self.defaultSeconds
        self.loops = loops
    }

    /// Runs from now: the first turn's timer.
    mutating func start() -> Effect {
        isRunning = true
        return nextTurn()
    }

    /// Asked for before there are photos: it starts when they arrive.
    mutating func startWhenLoaded() {
        startsWhenLoaded = true
    }

    /// The photos arrived: whether a start was waiting for them (it waits no more).
    mutating func takeWaitingStart() -> Bool {
        defer { startsWhenLoaded = false }
        return startsWhenLoaded
    }

    /// Stops, and no timer set before fires a turn.
    mutating func pause() {
        startsWhenLoaded = false
        guard isRunning else { return }
        isRunning = false
        generation += 1
    }

    /// Whether the timer of `generation` is the one running now.
    func isDue(_ generation: Int) -> Bool {
        isRunning && generation == self.generation
    }

    /// The timer of the next turn, superseding any set before.
    mutating func nextTurn() -> Effect {
        generation += 1
        return .scheduleSlide(after: .milliseconds(Int(seconds * 1000)), generation: generation)
    }
}
