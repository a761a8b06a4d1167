/// The slideshow: the pager turns a page every `seconds` while it runs. `S` starts and pauses
/// it; any other key pauses it and still does its own job (`AppState+Input`). Each turn is a
/// timer the shell runs (`.scheduleSlide`); a timer set before a pause or a restart carries an
/// older `generation` and is ignored when it fires.
public struct Slideshow: Sendable, Hashable {
    public var seconds: Double
    /// After the last photo: the first again, or stop.
    public var loops: Bool
    public internal(set) var isRunning = false
    public internal(set) var generation = 0
    /// Asked for before a feed's first page arrived: it starts with the first photo.
    public internal(set) var startsWhenLoaded = false

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
}
