/// A photo drawn in a rectangle of cells. `content` identifies the exact pixels (which photo,
/// at which pixel size, in which state), so the writer can tell "same image, same place: skip"
/// from "redraw".
public struct ImagePlacement: Sendable, Hashable {
    public var rect: Rect
    public var content: ImageContent
    /// The part of the content's pixels shown, scaled to `rect`; nil: all of them. Only for a
    /// terminal that places part of an image it holds (kitty): a zoomed pan is then a new
    /// placement of the same image, not a new image.
    public var crop: PixelCrop?

    public init(rect: Rect, content: ImageContent, crop: PixelCrop? = nil) {
        self.rect = rect
        self.content = content
        self.crop = crop
    }
}

/// A rectangle of an image's pixels.
public struct PixelCrop: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
