import PhotoPagerBase
import PhotoPagerCore
import TerminalGraphics

/// The pager over a slow link (ssh): how fast it is, what that lets a page photo go out with,
/// and when the person and the output have rested enough for work that cannot be cut short (a
/// photo sent ahead, a sharper one). The loop asks; this decides.
struct SlowLink {
    typealias Instant = PagerClock.Instant

    static let variable = "PHOTOPAGER_LINK_MBIT"
    /// No key for this long before a photo goes ahead, and before the page photo goes sharper.
    static let restBeforeSendingAhead: Duration = .milliseconds(700)
    static let restBeforeSharp: Duration = .seconds(1)
    /// And the output quiet this long: past the half second after a page turn that a person's
    /// eye, and flipbench, still count as the turn's.
    static let quiet: Duration = .milliseconds(600)

    /// What this renderer's photos are made smaller in for the link, and what one of it costs
    /// on the wire; nil: text renderers, whose frames are small anyway.
    private let unit: Unit?
    /// `PHOTOPAGER_LINK_MBIT`: the link's speed as the person knows it (bytes a second; 0: no
    /// limit), instead of measuring it.
    private let known: Double?
    private(set) var budget = LinkBudget(first: nil, sharp: nil)

    struct Unit {
        /// Pixels (kitty, iTerm2: the terminal scales an image to its cells) or bytes (sixel,
        /// drawn pixel for pixel).
        var limit: (Int) -> LinkLimit
        /// What one costs on the wire: kitty's raw RGB in base64 is 4 bytes a pixel, iTerm2's
        /// JPEG about half a byte.
        var bytes: Double
        /// How many a screen pixel takes at most: a pixel is a pixel; a sixel of a busy photo
        /// takes up to ~2 bytes a pixel (the bench photos at 1200×760: 0.5–1.9).
        var perScreenPixel: Int
        /// How long the first photo may take on the wire. A sixel's aims lower: its page turn
        /// also waits for its encodes (one to three), and its bytes land anywhere under the
        /// budget, up to it (at 20 Mbit/s, 150–200 ms gave turns of 145 ms p50, 183 p90).
        var firstSeconds = LinkBudget.firstSeconds
    }

    init(kind: RendererKind, environment: [String: String]) {
        switch kind {
        case .kitty: unit = Unit(limit: LinkLimit.pixels, bytes: 4, perScreenPixel: 1)
        case .iterm2: unit = Unit(limit: LinkLimit.pixels, bytes: 0.5, perScreenPixel: 1)
        case .sixel: unit = Unit(limit: LinkLimit.bytes, bytes: 1, perScreenPixel: 2, firstSeconds: 0.12)
        default: unit = nil
        }
        known = environment[Self.variable].flatMap(Double.init).flatMap { $0 >= 0 ? $0 * 125_000 : nil }
    }

    /// Whether the link limits what goes out now.
    var isSlow: Bool { budget.first != nil }

    /// The budget for a link measured at `measured` bytes a second (nil: not yet, or fast) on a
    /// screen of `screenPixels`; the event for the app when it changed.
    mutating func measured(_ measured: Double?, screenPixels: Int) -> AppEvent? {
        guard let unit else { return nil }
        var new = LinkBudget(bytesPerSecond: known.map { $0 > 0 ? $0 : nil } ?? measured, bytesPerUnit: unit.bytes,
                             firstSeconds: unit.firstSeconds)
        // A link that carries a whole screen in twice the time is no limit: a local terminal
        // reading 10–20 MB/s (flipbench's reader is one) sends a photo in ~200 ms, and a limit
        // there would cost the photos sent ahead.
        if let first = new.first, first * 2 >= screenPixels * unit.perScreenPixel { new = LinkBudget(first: nil, sharp: nil) }
        guard new != budget else { return nil }
        // Between budgets within a factor of two, the one in use stays: photos sent ahead at one
        // budget are what a page turn shows only while it holds (a wavering link would have them
        // sent again at each new size).
        if let old = budget.first, let first = new.first, first < old * 2, first * 2 > old { return nil }
        budget = new
        return .linkMeasured(first: new.first.map(unit.limit), sharp: new.sharp.map(unit.limit))
    }

    /// How long until work of `rest` may start (zero: now): that long without a key, and the
    /// output quiet for `quiet`.
    func restLeft(_ rest: Duration, now: Instant, lastInput: Instant, outputIdleSince: Instant) -> Duration {
        max(.zero, rest - (now - lastInput), Self.quiet - (now - outputIdleSince))
    }
}

/// What a measured link lets a page photo go out with: the pixels (or sixel bytes) that take
/// ~200 ms on the wire at first, and ~1 s once the person rests on it; nil where it is no limit.
struct LinkBudget: Equatable {
    var first: Int?
    var sharp: Int?

    static let firstSeconds = 0.2
    static let sharpSeconds = 1.0

    /// `bytesPerUnit`: what a pixel costs on the wire (kitty's raw RGB in base64: 4), or 1 for a
    /// budget in bytes.
    init(bytesPerSecond: Double?, bytesPerUnit: Double, firstSeconds: Double = Self.firstSeconds) {
        guard let rate = bytesPerSecond, bytesPerUnit > 0 else { return }
        first = Self.rounded(rate * firstSeconds / bytesPerUnit)
        sharp = Self.rounded(rate * Self.sharpSeconds / bytesPerUnit)
    }

    init(first: Int?, sharp: Int?) {
        self.first = first
        self.sharp = sharp
    }

    /// Down to a power of √2 (at least 16,384: 128×128 pixels): a link that wavers a little
    /// does not ask for the photos again at a new size each time.
    static func rounded(_ pixels: Double) -> Int {
        var step = 16384.0
        while step * 2.0.squareRoot() <= pixels { step *= 2.0.squareRoot() }
        return Int(step)
    }
}
