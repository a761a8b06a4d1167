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

/// An animation's frames as decoded, and how each becomes an upright image of the size asked.
public struct DecodedAnimation: Sendable {
    /// At the canvas size, in stored orientation.
    public let frames: [AnimationFrame]
    let header: ImageHeader
    /// The upright size wanted; nil: the animation's own.
    let size: (width: Int, height: Int)?

    /// Frame `index`, resized while stored, then turned upright (as stills are).
    public func image(_ index: Int) -> RGBImage {
        let upright = size ?? (header.width, header.height)
        let stored = header.orientation.swapsAxes ? (upright.height, upright.width) : (upright.width, upright.height)
        return header.orientation.apply(to: Resampler.resize(frames[index].image, width: stored.0, height: stored.1))
    }
}
