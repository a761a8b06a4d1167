/// Bytes on their way to the terminal, handed out as it takes them (non-blocking writes), with
/// the sixels of frames in flight that can still be cut short.
///
/// The loop renders a frame only when the queue is empty, so frames never pile up behind a slow
/// terminal: keys keep being read meanwhile, and the next frame shows the newest state. A sixel
/// the newest state no longer shows (the page turned again) need not be finished: the rest of its
/// data becomes a bare `ESC \`, which ends the DCS at once and leaves the part already drawn, and
/// one not begun is dropped. The text of the frame is never cut, so the writer's picture of the
/// screen stays true, but for the cut images (``FrameWriter/forgetImages(drawnBy:)``).
///
/// A value without I/O: `pending` is what to write next, `consumed(_:)` says how much went.
public struct OutputQueue: Sendable {
    private struct Entry: Sendable {
        var bytes: [UInt8]
        var sixels: [RenderedFrame.Sixel]
        var written = 0
    }

    private var entries: [Entry] = []

    /// Cutting a sixel costs its redraw when it is shown again; under this many bytes left,
    /// finishing it is cheaper.
    public static let smallestCut = 16 << 10

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// Bytes waiting, in all entries.
    public var count: Int { entries.reduce(0) { $0 + $1.bytes.count - $1.written } }

    public mutating func append(_ frame: RenderedFrame) {
        guard !frame.bytes.isEmpty else { return }
        entries.append(Entry(bytes: frame.bytes, sixels: frame.sixels))
    }

    public mutating func append(_ bytes: [UInt8]) {
        append(RenderedFrame(bytes: bytes))
    }

    /// What to write next: the rest of the oldest entry.
    public var pending: ArraySlice<UInt8> {
        guard let first = entries.first else { return [] }
        return first.bytes[first.written...]
    }

    /// `count` bytes of `pending` reached the terminal.
    public mutating func consumed(_ count: Int) {
        guard !entries.isEmpty else { return }
        entries[0].written += count
        if entries[0].written >= entries[0].bytes.count { entries.removeFirst() }
    }

    /// Whether any sixel of the queue is not fully written yet.
    public var hasUnfinishedSixels: Bool {
        entries.contains { entry in entry.sixels.contains { $0.bytes.upperBound > entry.written } }
    }

    /// Cuts the unfinished sixels `stale` picks (with at least ``smallestCut`` bytes to go, unless
    /// `all`): one in flight is ended with `ESC \`, one not begun is dropped. Returns the draw
    /// numbers cut, for ``FrameWriter/forgetImages(drawnBy:)``.
    public mutating func cut(all: Bool = false, where stale: (RenderedFrame.Sixel) -> Bool) -> Set<Int> {
        var cut: Set<Int> = []
        for e in entries.indices {
            let written = entries[e].written
            // From the last sixel back, so removing bytes never moves a range still to visit.
            for s in entries[e].sixels.indices.reversed() {
                let sixel = entries[e].sixels[s]
                let start = max(sixel.bytes.lowerBound, written), end = sixel.bytes.upperBound
                // The final `ESC \` itself is never split.
                guard end - start > 2, all || end - start >= Self.smallestCut, stale(sixel) else { continue }
                let ending: [UInt8] = start == sixel.bytes.lowerBound ? [] : [0x1B, UInt8(ascii: "\\")]
                entries[e].bytes.replaceSubrange(start ..< end, with: ending)
                let removed = end - start - ending.count
                for later in entries[e].sixels.indices where later > s {
                    let range = entries[e].sixels[later].bytes
                    entries[e].sixels[later].bytes = range.lowerBound - removed ..< range.upperBound - removed
                }
                entries[e].sixels.remove(at: s)
                cut.insert(sixel.owner)
            }
        }
        return cut
    }
}
