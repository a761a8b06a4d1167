import PhotoPagerBase

/// The pager playing an animated GIF or WebP: which frame is shown, and the generation of the
/// timer asked for (a timer of an older generation — paused, paged away — is ignored).
public struct Animation: Sendable, Hashable {
    /// The first frame's content: the photo at fit in the pager.
    public var content: ImageContent
    /// Each frame's delay in milliseconds.
    public var delays: [Int]
    public var frame = 0
    public var generation: Int

    /// The content shown now.
    public var shown: ImageContent {
        var shown = content
        shown.frame = frame
        return shown
    }
}

/// The app's animations: those whose frames the shell has made, the one the pager plays, and
/// `a`'s pause. A terminal that plays animations itself (kitty, `terminalPlays`) is told to play
/// or stop; for the others each frame is a timer.
public struct Animations: Sendable, Hashable {
    /// Animations whose frames the shell has, by first frame: their delays (ms).
    public internal(set) var playable: [ImageContent: [Int]] = [:]
    /// The animation the pager plays now, if any.
    public internal(set) var current: Animation?
    /// `a`: animations pause (and stay paused across pages) until `a` again.
    public internal(set) var paused = false

    /// The shell made the frames of `content`.
    mutating func made(_ content: ImageContent, delays: [Int]) {
        playable[content] = delays
    }

    /// Decodes dropped: their animations' frames go too (the shell lets them go on `.cancelDecodes`).
    mutating func keep(only contents: Set<ImageContent>) {
        playable = playable.filter { contents.contains($0.key) }
    }

    /// The pager shows `content` (a first frame at fit; nil: nothing that could play), `ready`
    /// when decoded. It plays from its first frame when it changes and its frames are made.
    mutating func show(_ content: ImageContent?, ready: Bool, terminalPlays: Bool) -> [Effect] {
        guard let content, ready, let delays = playable[content] else { current = nil; return [] }
        guard current?.content != content else { return [] }
        current = Animation(content: content, delays: delays, generation: (current?.generation ?? 0) + 1)
        return paused && !terminalPlays ? [] : scheduleNextFrame(terminalPlays: terminalPlays)
    }

    /// A frame's time is up: the next one (round and round), unless paused or stale.
    mutating func frameDue(_ generation: Int, terminalPlays: Bool) -> [Effect] {
        guard var playing = current, playing.generation == generation, !paused else { return [] }
        playing.frame = (playing.frame + 1) % playing.delays.count
        current = playing
        return scheduleNextFrame(terminalPlays: terminalPlays)
    }

    /// `a`: pause, or play on from the frame shown (a timer of the paused run is ignored).
    mutating func toggle(terminalPlays: Bool) -> [Effect] {
        paused.toggle()
        guard !paused || terminalPlays, current != nil else { return [] }
        current?.generation += 1
        return scheduleNextFrame(terminalPlays: terminalPlays)
    }

    /// What is shown for `content` (a photo's first frame): the frame playing, if it plays.
    func shown(for content: ImageContent) -> ImageContent {
        guard let current, current.content == content else { return content }
        return current.shown
    }

    /// The timer for the frame after the one shown; for a terminal that plays animations
    /// itself, the word to play or stop.
    private func scheduleNextFrame(terminalPlays: Bool) -> [Effect] {
        guard let current else { return [] }
        if terminalPlays { return [.animate(current.content, playing: !paused)] }
        return [.scheduleFrame(after: .milliseconds(current.delays[current.frame]), generation: current.generation)]
    }
}
