/// The images the screen waits for and plays: the decodes asked of the shell with the photos
/// that failed and the spinner, and the animations.
public struct Images: Sendable, Hashable {
    /// The decodes asked of the shell, the photos that failed, the spinner.
    public internal(set) var loads = ImageLoads()
    /// The animations made, the one playing, `a`'s pause.
    public internal(set) var animations = Animations()
    /// A slow link (kitty or iTerm2, which scale an image to its cells): the most pixels a page
    /// photo goes out with at first, so it takes ~200 ms on the wire; nil: every photo at its size.
    public internal(set) var linkPixelBudget: Int?
    /// The most pixels the sharp photo is sent again with (~1 s on the wire; nil: its size).
    public internal(set) var sharpPixelBudget: Int?
    /// The page photo sent again at its size, once the person and the link rested on it.
    public internal(set) var sharpPhoto: String?
}
