import Synchronization

/// Bytes received so far by each download in flight, written by pipeline workers and read by
/// the loop on its spinner tick (about ten times a second) for the status line.
final class DownloadMeter: Sendable {
    private let inFlight = Mutex<[String: (received: Int64, total: Int64)]>([:])

    func record(_ photoID: String, received: Int64, total: Int64) {
        inFlight.withLock { $0[photoID] = (received, total) }
    }

    func finish(_ photoID: String) {
        inFlight.withLock { _ = $0.removeValue(forKey: photoID) }
    }

    func progress(of photoID: String) -> (received: Int64, total: Int64)? {
        inFlight.withLock { $0[photoID] }
    }
}
