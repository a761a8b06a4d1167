/// The images the screen waits for and plays: the decodes asked of the shell with the photos
/// that failed and the spinner, and the animations.
public struct Images: Sendable, Hashable {
    /// The decodes asked of the shell, the photos that failed, the spinner.
    public internal(set) var loads = ImageLoads()
    /// The animations made, the one playing, `a`'s pause.
    public internal(set) var animations = Animations()
    /// A slow link: what a page photo goes out with at first, so it takes ~200 ms on the wire;
    /// nil: every photo as it is.
    public internal(set) var linkLimit: LinkLimit?
    /// What the sharp photo is sent again with (~1 s on the wire; nil: as it is).
    public internal(set) var sharpLimit: LinkLimit?
    /// The page photo sent again at its size, once the person and the link rested on it.
    public internal(set) var sharpPhoto: String?
}
