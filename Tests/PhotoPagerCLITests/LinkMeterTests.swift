@testable import PhotoPagerCLI
import Testing

/// The link's speed from the queue's drain, and what it lets a page photo go out with.
@Suite struct LinkMeterTests {
    static let start = ContinuousClock.now

    /// A terminal that reads `rate` bytes a second takes `bytes` in a spell from `at`.
    static func spell(_ meter: inout LinkMeter, bytes: Int, rate: Double, at: Duration, piece: Int = 4096) {
        meter.waiting(since: start + at)
        var taken = 0
        while taken < bytes {
            let count = min(piece, bytes - taken)
            taken += count
            meter.took(count, drained: taken == bytes, now: start + at + .nanoseconds(Int64(Double(taken) / rate * 1e9)))
        }
    }

    @Test("a terminal reading 1 MB/s is measured at 1 MB/s; a short spell says nothing; a fast one clears it")
    func measuresTheDrain() {
        var meter = LinkMeter()
        Self.spell(&meter, bytes: 10_000, rate: 1e5, at: .zero)
        #expect(meter.bytesPerSecond == nil, "10 kB fit the pty's buffer: no measure")
        Self.spell(&meter, bytes: 600_000, rate: 1e6, at: .seconds(1))
        #expect(abs((meter.bytesPerSecond ?? 0) - 1e6) < 1e4)
        Self.spell(&meter, bytes: 600_000, rate: 2.5e6, at: .seconds(3))
        #expect(abs((meter.bytesPerSecond ?? 0) - 1.75e6) < 2e4, "half the last measure, half the new one")
        Self.spell(&meter, bytes: 2_000_000, rate: 1e9, at: .seconds(5))
        #expect(meter.bytesPerSecond == nil, "a local terminal: no limit")
    }

    @Test("the budget: ~200 ms of the link at first, ~1 s once rested, in steps of √2")
    func budgets() {
        let eight = LinkBudget(bytesPerSecond: 1e6, bytesPerUnit: 4)           // 8 Mbit/s, kitty
        // 50,000 and 250,000 pixels, each down to a power of √2 from 16,384.
        #expect(eight.first.map { 46_000 ... 50_000 ~= $0 } == true && eight.sharp.map { 185_000 ... 250_000 ~= $0 } == true, "\(eight)")
        #expect(LinkBudget(bytesPerSecond: 1.03e6, bytesPerUnit: 4) == eight, "a link that wavers asks for nothing new")
        #expect(LinkBudget(bytesPerSecond: nil, bytesPerUnit: 4) == LinkBudget(first: nil, sharp: nil))
        #expect(LinkBudget(bytesPerSecond: 1e3, bytesPerUnit: 4).first == 16384, "never under 128×128")
    }

    @Test("by renderer: kitty and iTerm2 in pixels, sixel in bytes, text renderers not at all; a fast link is no limit")
    func limitsByRenderer() {
        let screen = 1200 * 780
        var kitty = SlowLink(kind: .kitty, environment: [:])
        guard case .linkMeasured(.pixels(let pixels)?, .pixels?) = kitty.measured(1e6, screenPixels: screen) else {
            Issue.record("kitty at 8 Mbit/s: a limit in pixels"); return
        }
        #expect(46_000 ... 50_000 ~= pixels)
        var sixel = SlowLink(kind: .sixel, environment: [:])
        guard case .linkMeasured(.bytes(let bytes)?, .bytes(let sharp)?) = sixel.measured(1e6, screenPixels: screen) else {
            Issue.record("sixel at 8 Mbit/s: a limit in bytes"); return
        }
        #expect(92_000 ... 120_000 ~= bytes && 740_000 ... 1_000_000 ~= sharp, "\(bytes) \(sharp)")
        #expect(sixel.isSlow)
        #expect(sixel.measured(1.2e7, screenPixels: screen) == .linkMeasured(first: nil, sharp: nil), "100 Mbit/s: no limit")
        var blocks = SlowLink(kind: .blocks, environment: [:])
        #expect(blocks.measured(1e5, screenPixels: screen) == nil)
        var known = SlowLink(kind: .sixel, environment: [SlowLink.variable: "8"])
        #expect(known.measured(nil, screenPixels: screen) != nil, "the person's word, unmeasured")
    }
}
