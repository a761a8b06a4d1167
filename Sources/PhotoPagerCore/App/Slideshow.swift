
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

extension AppState {
    /// `S`: the slideshow runs from the photo being looked at (the grid opens the pager on its
    /// selection), or pauses.
    mutating func toggleSlideshow() -> [Effect] {
        if slideshow.isRunning {
            pauseSlideshow()
            return []
        }
        if photos.isEmpty, remote.feed != nil {
            slideshow.startsWhenLoaded = true
            return []
        }
        if mode == .grid { openPager(fullscreen: false) }
        guard mode == .pager else { return [] }
        slideshow.isRunning = true
        return [nextSlide()]
    }

    /// A feed's photos arrived: a slideshow asked for before them starts now.
    mutating func startSlideshowIfWaiting() -> [Effect] {
        guard slideshow.startsWhenLoaded, !photos.isEmpty else { return [] }
        slideshow.startsWhenLoaded = false
        return toggleSlideshow()
    }

    mutating func pauseSlideshow() {
        slideshow.startsWhenLoaded = false
        guard slideshow.isRunning else { return }
        slideshow.isRunning = false
        slideshow.generation += 1
    }

    /// A slide's timer fired: the next photo (the first after the last when it loops; at the
    /// end it stops), and the next timer.
    mutating func slideDue(_ generation: Int) -> [Effect] {
        guard slideshow.isRunning, generation == slideshow.generation, mode == .pager else { return [] }
        if pager.currentIndex + 1 < photos.count {
            page(by: 1)
        } else if slideshow.loops, photos.count > 1 {
            page(by: Int.min)
        } else {
            pauseSlideshow()
            return []
        }
        return [nextSlide()]
    }

    private mutating func nextSlide() -> Effect {
        slideshow.generation += 1
        return .scheduleSlide(after: .milliseconds(Int(slideshow.seconds * 1000)), generation: slideshow.generation)
    }
}
