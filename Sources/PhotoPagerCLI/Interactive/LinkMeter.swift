/// How fast the terminal takes our output, from the queue draining: a busy spell starts when
/// bytes wait for the terminal and ends when it has taken them all; its bytes over its length
/// are one measure. Over ssh this is the link's speed (the writes wait as they would for sshd);
/// locally, the terminal's. Spells of a few kilobytes say nothing (the kernel's pty buffer takes
/// them at once) and are not counted.
struct LinkMeter {
    typealias Instant = PagerClock.Instant

    /// A spell must carry this many bytes to count: well beyond the pty's buffer.
    static let smallestSpell = 64 << 10
    /// Faster than this, the link never limits a frame (100 MB/s: a megabyte in 10 ms).
    static let fast = 100e6

    /// Bytes a second, once measured; nil until then, or while the link is fast.
    private(set) var bytesPerSecond: Double?
    private var spellStart: Instant?
    private var spellBytes = 0

    /// Output waits for the terminal from `now` (nothing did before).
    mutating func waiting(since now: Instant) {
        if spellStart == nil { spellStart = now; spellBytes = 0 }
    }

    /// The terminal took `count` bytes; `drained`: it has taken everything there was.
    mutating func took(_ count: Int, drained: Bool, now: Instant) {
        spellBytes += count
        guard drained, let start = spellStart else { return }
        spellStart = nil
        guard spellBytes >= Self.smallestSpell else { return }
        let seconds = max(1e-6, Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds))
        let rate = Double(spellBytes) / seconds
        guard rate < Self.fast else { bytesPerSecond = nil; return }
        // Half the last measure, half the new one: a frame of mostly text or a cut sixel moves
        // it, one odd spell does not swing it.
        bytesPerSecond = bytesPerSecond.map { ($0 + rate) / 2 } ?? rate
    }
}

/// What a measured link lets a page photo go out with: the pixels that take ~200 ms on the wire
/// at first, and ~1 s once the person rests on it; nil where it is no limit. Only for renderers
/// whose terminal scales an image to its cells (kitty, iTerm2): fewer pixels there are a softer
/// photo in the same box, where a sixel would be a smaller one.
struct LinkBudget: Equatable {
    var first: Int?
    var sharp: Int?

    static let firstSeconds = 0.2
    static let sharpSeconds = 1.0

    /// `bytesPerPixel`: what a pixel costs on the wire (kitty's raw RGB in base64: 4).
    init(bytesPerSecond: Double?, bytesPerPixel: Double) {
        guard let rate = bytesPerSecond, bytesPerPixel > 0 else { return }
        first = Self.rounded(rate * Self.firstSeconds / bytesPerPixel)
        sharp = Self.rounded(rate * Self.sharpSeconds / bytesPerPixel)
    }

    init(first: Int?, sharp: Int?) {
        self.first = first
        self.sharp = sharp
    }

    /// Down to a power of √2 (at least 16,384 pixels, 128×128): a link that wavers a little
    /// does not ask for the photos again at a new size each time.
    static func rounded(_ pixels: Double) -> Int {
        var step = 16384.0
        while step * 2.0.squareRoot() <= pixels { step *= 2.0.squareRoot() }
        return Int(step)
    }
}
