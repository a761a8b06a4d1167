
/// How far one photo at one pixel size has come, as the views need to know it.
public enum LoadState: Sendable, Hashable {
    /// Not asked for (off screen, or the size changed): show the placeholder.
    case notRequested
    /// A `.decode` effect is out: placeholder with a spinner.
    case loading
    /// Still loading, and a draft of it can be placed meanwhile (`ImageContent.asDraft`).
    case drafted
    /// Decoded at exactly the requested size: the view places the image.
    case ready
    /// The photo cannot be shown: an error tile with the reason.
    case failed(reason: String)
}
