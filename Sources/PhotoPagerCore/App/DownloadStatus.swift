
/// Bytes of one photo's download so far, for the status line.
public struct DownloadStatus: Sendable, Hashable {
    public var photoID: String
    public var received: Int64
    /// 0 when the server did not say.
    public var total: Int64

    public init(photoID: String, received: Int64, total: Int64) {
        self.photoID = photoID
        self.received = received
        self.total = total
    }

    /// "↓ 45% of 266 kB", or "↓ 120 kB" when the size is unknown.
    var text: String {
        let kilobytes = { (bytes: Int64) in "\((bytes + 999) / 1000) kB" }
        guard total > 0 else { return "↓ " + kilobytes(received) }
        return "↓ \(min(100, received * 100 / total))% of " + kilobytes(total)
    }
}
