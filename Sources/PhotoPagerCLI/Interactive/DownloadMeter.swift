import PhotoPagerBase

/// Bytes received so far by each download in flight, written by pipeline workers and read by
/// the loop on its spinner tick (about ten times a second) for the status line. Keyed by the
/// exact content: a photo's thumbnail and its page size may download at the same time.
final class DownloadMeter: Sendable {
    private let inFlight = Locked<[ImageContent: (received: Int64, total: Int64)]>([:])

    func record(_ content: ImageContent, received: Int64, total: Int64) {
        inFlight.withLock { $0[content] = (received, total) }
    }

    func finish(_ content: ImageContent) {
        inFlight.withLock { _ = $0.removeValue(forKey: content) }
    }

    /// The largest of the photo's downloads in flight: the one the pager waits for.
    func progress(of photoID: String) -> (received: Int64, total: Int64)? {
        inFlight.withLock { downloads in
            downloads.filter { $0.key.photoID == photoID }
                .max { $0.key.pixelSize.width * $0.key.pixelSize.height < $1.key.pixelSize.width * $1.key.pixelSize.height }?
                .value
        }
    }
}
