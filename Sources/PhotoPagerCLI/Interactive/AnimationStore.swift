import PhotoDecoding
import PhotoPagerBase
import TerminalIO

/// The frames of animations the pager may play, encoded for the terminal, by the content of
/// their first frame (the page as decoded). They are made on a thread of their own once the
/// first frame is on its way, so the photo shows at once and plays when all its frames are
/// ready; `takeReady` tells the loop which are.
///
/// One animation is made at a time, in the order asked (the page, then its neighbours), and
/// each frame is sized and encoded on its own: paging past a folder of GIFs once held every
/// neighbour's frames at the screen's size at once (a soak grew past 250 MB).
final class AnimationStore: Sendable {
    private struct Job: Sendable {
        let content: ImageContent
        let frames: @Sendable () throws -> DecodedAnimation?
        let encode: @Sendable (RGBImage) throws -> [UInt8]
    }

    private struct State {
        var frames: [ImageContent: [[UInt8]]] = [:]
        var delays: [ImageContent: [Int]] = [:]
        var queue: [Job] = []
        /// The one being made.
        var making: ImageContent?
        /// Whether the maker thread runs (there is never more than one).
        var working = false
        /// Asked for and not worth playing (a still, too long, broken): not made again.
        var refused: Set<ImageContent> = []
        var ready: [(ImageContent, [Int])] = []
        var total = 0
    }

    private let state = Locked(State())
    private let wake: @Sendable () -> Void
    /// The encoded frames kept, at most (the pager gives its memory budget); an animation that
    /// would need more is shown still.
    let budget: Int

    init(budget: Int = 96 << 20, wake: @escaping @Sendable () -> Void) {
        self.budget = budget
        self.wake = wake
    }

    /// Frame `content.frame` of an animation made.
    func bytes(for content: ImageContent) -> [UInt8]? {
        guard let frame = content.frame else { return nil }
        return state.withLock { $0.frames[content.decoded]?[frame] }
    }

    /// Every frame of the animation whose first frame is `content`, and their delays.
    func frames(of content: ImageContent) -> (bytes: [[UInt8]], delays: [Int])? {
        state.withLock { state in state.frames[content].flatMap { bytes in state.delays[content].map { (bytes, $0) } } }
    }

    /// Makes the frames of `content` (a first frame) unless made, asked for or refused: `frames`
    /// decodes them (nil: not an animation), `encode` turns each into the terminal's bytes.
    func make(_ content: ImageContent, frames: @escaping @Sendable () throws -> DecodedAnimation?,
              encode: @escaping @Sendable (RGBImage) throws -> [UInt8]) {
        let start = state.withLock { state -> Bool in
            guard state.frames[content] == nil, !state.refused.contains(content), state.making != content,
                  !state.queue.contains(where: { $0.content == content }) else { return false }
            state.queue.append(Job(content: content, frames: frames, encode: encode))
            guard !state.working else { return false }
            state.working = true
            return true
        }
        if start { Platform.startThread { [self] in work() } }
    }

    /// The one maker: each job in turn until none is left.
    private func work() {
        while let job = next() {
            var made: (bytes: [[UInt8]], delays: [Int])?
            if let decoded = try? job.frames() {
                var bytes: [[UInt8]] = [], size = 0
                for index in decoded.frames.indices {
                    guard size <= budget, stillMaking(job.content), let encoded = try? job.encode(decoded.image(index)) else { break }
                    size += encoded.count
                    bytes.append(encoded)
                }
                if bytes.count == decoded.frames.count, size <= budget { made = (bytes, decoded.frames.map(\.delay)) }
            }
            let told = state.withLock { state -> Bool in
                guard state.making == job.content else { return false }             // let go meanwhile
                state.making = nil
                guard let made else { state.refused.insert(job.content); return false }
                state.frames[job.content] = made.bytes
                state.delays[job.content] = made.delays
                state.total += made.bytes.reduce(0) { $0 + $1.count }
                state.ready.append((job.content, made.delays))
                Self.evict(&state, budget: budget, sparing: job.content)
                return true
            }
            if told { wake() }
        }
    }

    private func next() -> Job? {
        state.withLock { state in
            guard !state.queue.isEmpty else {
                state.working = false
                return nil
            }
            let job = state.queue.removeFirst()
            state.making = job.content
            return job
        }
    }

    private func stillMaking(_ content: ImageContent) -> Bool {
        state.withLock { $0.making == content }
    }

    /// Animations made since the last call, with their delays.
    func takeReady() -> [(ImageContent, [Int])] {
        state.withLock { state in
            defer { state.ready.removeAll() }
            return state.ready
        }
    }

    /// Lets go of every animation (made, being made or asked for) whose first frame is not in
    /// `contents`.
    func keep(only contents: Set<ImageContent>) {
        state.withLock { state in
            for content in state.frames.keys where !contents.contains(content) { Self.drop(content, from: &state) }
            state.queue.removeAll { !contents.contains($0.content) }
            if let making = state.making, !contents.contains(making) { state.making = nil }
            state.refused.formIntersection(contents)
        }
    }

    /// Over budget: other animations go first, the newest stays.
    private static func evict(_ state: inout State, budget: Int, sparing kept: ImageContent) {
        for content in state.frames.keys where state.total > budget && content != kept { drop(content, from: &state) }
    }

    private static func drop(_ content: ImageContent, from state: inout State) {
        state.total -= state.frames.removeValue(forKey: content)?.reduce(0) { $0 + $1.count } ?? 0
        state.delays[content] = nil
    }

    /// Whether the maker is at work. It wakes the loop for what it made before it stops, so
    /// the loop is never told idle with a wake still to come.
    var isBusy: Bool { state.withLock { $0.working } }
}
