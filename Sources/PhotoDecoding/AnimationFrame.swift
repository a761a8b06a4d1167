/// One frame of an animation as it is shown: the whole canvas, and how long it stays.
public struct AnimationFrame: Sendable, Equatable {
    public var image: RGBImage
    /// Milliseconds until the next frame.
    public var delay: Int

    public init(image: RGBImage, delay: Int) {
        self.image = image
        self.delay = delay
    }
}
