import PhotoDecoding
import PhotoPagerCore

/// The frames of animations the pager may play, encoded for the terminal, by the content of
/// their first frame (the page as decoded). They are made on a thread of their own once the
/// first frame is on its way, so the photo shows at once and plays when all its frames are
/// ready; `takeReady` tells the loop which are.
final class AnimationStore: Sendable {
    private struct State {
        var frames: [ImageContent: [[UInt8]]] = [:]
        var delays: [ImageContent: [Int]] = [:]
        var making: Set<ImageContent> = []
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

    /// Makes the frames of `content` (a first frame) unless made, under way or refused: `frames`
    /// decodes them (nil: not an animation), `encode` turns each into the terminal's bytes.
    func make(_ content: ImageContent, frames: @escaping @Sendable () throws -> [AnimationFrame]?,
              encode: @escaping @Sendable (RGBImage) throws -> [UInt8]) {
        let start = state.withLock { state in
            guard state.frames[content] == nil, !state.refused.contains(content) else { return false }
            return state.making.insert(content).inserted
        }
        guard start else { return }
        Platform.startThread { [self] in
            var made: (bytes: [[UInt8]], delays: [Int])?
            if let decoded = try? frames() {
                var bytes: [[UInt8]] = [], size = 0
                for frame in decoded {
                    guard size <= budget, stillMaking(content), let encoded = try? encode(frame.image) else { break }
                    size += encoded.count
                    bytes.append(encoded)
                }
                if bytes.count == decoded.count, size <= budget { made = (bytes, decoded.map(\.delay)) }
            }
            let told = state.withLock { state -> Bool in
                guard state.making.remove(content) != nil else { return false }      // let go meanwhile
                guard let made else { state.refused.insert(content); return false }
                state.frames[content] = made.bytes
                state.delays[content] = made.delays
                state.total += made.bytes.reduce(0) { $0 + $1.count }
                state.ready.append((content, made.delays))
                Self.evict(&state, budget: budget, sparing: content)
                return true
            }
            if told { wake() }
        }
    }

    private func stillMaking(_ content: ImageContent) -> Bool {
        state.withLock { $0.making.contains(content) }
    }

    /// Animations made since the last call, with their delays.
    func takeReady() -> [(ImageContent, [Int])] {
        state.withLock { state in
            defer { state.ready.removeAll() }
            return state.ready
        }
    }

    /// Lets go of every animation (made or under way) whose first frame is not in `contents`.
    func keep(only contents: Set<ImageContent>) {
        state.withLock { state in
            for content in state.frames.keys where !contents.contains(content) {
                state.total -= state.frames.removeValue(forKey: content)?.reduce(0) { $0 + $1.count } ?? 0
                state.delays[content] = nil
            }
            state.making.formIntersection(contents)
            state.refused.formIntersection(contents)
        }
    }

    /// Over budget: other animations go first, the newest stays.
    private static func evict(_ state: inout State, budget: Int, sparing kept: ImageContent) {
        for content in state.frames.keys where state.total > budget && content != kept {
            state.total -= state.frames.removeValue(forKey: content)?.reduce(0) { $0 + $1.count } ?? 0
            state.delays[content] = nil
        }
    }

    var isBusy: Bool { state.withLock { !$0.making.isEmpty } }
}
