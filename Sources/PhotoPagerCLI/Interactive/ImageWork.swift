import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore
import TerminalGraphics
import TerminalUI

/// The photos the screen wants, decoded and encoded on workers: what the app asked for (most
/// wanted first), the pipeline that prepares it, and the animations made beside it. The loop
/// hands it the app's decode effects and takes back `AppEvent`s.
final class ImageWork {
    private let preparer: PhotoPreparer
    private let pipeline: ImagePipeline<ImageContent>
    private var decodes = DecodeQueue()
    private let kind: RendererKind

    init(preparer: PhotoPreparer, remoteWork: Bool, memoryBytes: Int, wake: @escaping @Sendable () -> Void) {
        self.preparer = preparer
        kind = preparer.kind
        // Downloads wait on the network, not the cores: about four connections at once.
        pipeline = ImagePipeline(cacheBytes: memoryBytes, workers: remoteWork ? 4 : ParallelRows.cores,
                                 draftKey: { $0.asDraft }, prepare: { try preparer.prepare($0, job: $1) }, wake: wake)
    }

    /// `.decode`: the answer at once when the photo is prepared or failed already, else it waits
    /// its turn.
    func want(_ request: Effect.DecodeRequest) -> AppEvent? {
        if pipeline.bytes(for: request.content) != nil { return .photoDecoded(request.content, .decoded) }
        if let reason = pipeline.failure(for: request.content) { return .photoDecoded(request.content, .failed(reason: reason)) }
        decodes.want(request)
        return nil
    }

    /// `.cancelDecodes`: the new working set.
    func keep(only contents: Set<ImageContent>) {
        decodes.keep(only: contents)
        preparer.zoomSource.keep(only: contents)
        preparer.animations.keep(only: contents)
    }

    /// Starts what is wanted, the screen's first; decodes ahead (a page turn's new neighbours,
    /// the filmstrip's next thumbnail) only with `prefetching`.
    func start(prefetching: Bool, keeping wanted: Set<ImageContent>) {
        pipeline.submit(decodes.ordered(prefetching: prefetching), keeping: wanted)
    }

    /// The encoded image of `content` for a frame: an animation's frame, else the pipeline's;
    /// nil when not prepared (or pushed out of the cache, then noted in `evicted`).
    func image(for content: ImageContent, evicted: inout [ImageContent]) -> EncodedImage? {
        if let frame = preparer.animations.bytes(for: content) { return EncodedImage(kind: kind, bytes: frame) }
        guard let bytes = pipeline.bytes(for: content) else { evicted.append(content); return nil }
        return EncodedImage(kind: kind, bytes: bytes)
    }

    /// The encoded image of `content` if it is prepared.
    func prepared(_ content: ImageContent) -> EncodedImage? {
        pipeline.bytes(for: content).map { EncodedImage(kind: kind, bytes: $0) }
    }

    /// Ready but pushed out of the cache before its frame: prepared again; its completion brings
    /// a redraw. A draft pushed out is not made again: its job is still running.
    /// `wanted` is asked only when there is something to prepare: it walks the screen.
    func prepareAgain(_ evicted: [ImageContent], keeping wanted: @autoclosure () -> Set<ImageContent>) {
        let again = evicted.filter { !$0.isDraft }
        if !again.isEmpty { pipeline.submit(again + decodes.ordered, keeping: wanted()) }
    }

    /// What finished since the last call (drafts, decodes, failures, animations made), as events.
    func takeFinished() -> [AppEvent] {
        var events: [AppEvent] = pipeline.takeCompletions().map { done in
            if !done.draft { decodes.finished(done.key) }
            let outcome: DecodeOutcome = done.failure.map { done.mayPass ? .unavailable(reason: $0) : .failed(reason: $0) }
                ?? (done.draft ? .drafted : .decoded)
            return .photoDecoded(done.key, outcome)
        }
        for (content, delays) in preparer.animations.takeReady() {
            events.append(.animationReady(content, delays: delays))
        }
        return events
    }

    /// kitty: the frames of an animation shown, for the terminal to play.
    func animationFrames(of content: ImageContent) -> (bytes: [[UInt8]], delays: [Int])? {
        preparer.animations.frames(of: content)
    }

    /// Whether anything is being prepared; callable from any thread.
    var busy: @Sendable () -> Bool {
        let pipeline = pipeline, animations = preparer.animations
        return { pipeline.isBusy || animations.isBusy }
    }
}
