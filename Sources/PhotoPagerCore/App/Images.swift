/// The images the screen waits for and plays: the decodes asked of the shell with the photos
/// that failed and the spinner, and the animations.
public struct Images: Sendable, Hashable {
    /// The decodes asked of the shell, the photos that failed, the spinner.
    public internal(set) var loads = ImageLoads()
    /// The animations made, the one playing, `a`'s pause.
    public internal(set) var animations = Animations()
}
