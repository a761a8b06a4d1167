import PhotoPagerCore
import PhotoPagerBase
import Testing
@testable import PhotoPagerCLI

/// What the loop hands the decoders, in order: what the screen shows first, newest first; and,
/// while the terminal is still taking a frame, only that.
@Suite struct DecodeQueueTests {
    static func request(_ id: String, _ priority: Effect.Priority) -> Effect.DecodeRequest {
        Effect.DecodeRequest(content: ImageContent(photoID: id, pixelSize: PixelSize(width: 8, height: 8)), priority: priority)
    }

    @Test func visibleFirstNewestFirstAndPrefetchOnlyWhenAsked() {
        var queue = DecodeQueue()
        for (id, priority) in [("a", Effect.Priority.prefetch), ("b", .visible), ("c", .prefetch), ("d", .visible)] {
            queue.want(Self.request(id, priority))
        }
        #expect(queue.ordered.map(\.photoID) == ["d", "b", "c", "a"])
        #expect(queue.ordered(prefetching: false).map(\.photoID) == ["d", "b"])
        queue.finished(ImageContent(photoID: "d", pixelSize: PixelSize(width: 8, height: 8)))
        #expect(queue.ordered(prefetching: false).map(\.photoID) == ["b"])
    }
}
