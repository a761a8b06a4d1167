import PhotoPagerCore
import PhotoPagerBase

/// What the screen wants decoded, most wanted first: visible before prefetch, and within a
/// priority the newest request first (the photo the person just moved to).
struct DecodeQueue {
    private var wanted: [Effect.DecodeRequest] = []

    mutating func want(_ request: Effect.DecodeRequest) {
        wanted.removeAll { $0.content == request.content }
        wanted.insert(request, at: 0)
    }

    /// `.cancelDecodes(except:)`: the new working set; everything else is no longer wanted.
    mutating func keep(only contents: Set<ImageContent>) {
        wanted.removeAll { !contents.contains($0.content) }
    }

    mutating func finished(_ content: ImageContent) {
        wanted.removeAll { $0.content == content }
    }

    var ordered: [ImageContent] { ordered(prefetching: true) }

    /// `prefetching` false: what the screen shows only, not what it may show next.
    func ordered(prefetching: Bool) -> [ImageContent] {
        wanted.enumerated()
            .filter { prefetching || $0.element.priority == .visible }
            .sorted { ($0.element.priority, $1.offset) > ($1.element.priority, $0.offset) }
            .map(\.element.content)
    }
}
