/// What a slow link (ssh) lets a page photo go out with, so it takes a set time on the wire.
public enum LinkLimit: Sendable, Hashable {
    /// At most this many pixels, in the same cells: for terminals that scale an image to its
    /// cells (kitty, iTerm2), where fewer pixels are a softer photo in the same box.
    case pixels(Int)
    /// At most this many bytes, at the same pixels: for sixel, drawn pixel for pixel, where fewer
    /// pixels would be a smaller photo (``PhotoPagerBase/ImageContent/byteBudget``).
    case bytes(Int)
}
