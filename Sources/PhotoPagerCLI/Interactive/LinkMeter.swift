import PhotoPagerBase

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
        let rate = Double(spellBytes) / (Double(max(1, (now - start).wholeMicroseconds)) / 1e6)
        guard rate < Self.fast else { bytesPerSecond = nil; return }
        // Half the last measure, half the new one: a frame of mostly text or a cut sixel moves
        // it, one odd spell does not swing it.
        bytesPerSecond = bytesPerSecond.map { ($0 + rate) / 2 } ?? rate
    }
}
