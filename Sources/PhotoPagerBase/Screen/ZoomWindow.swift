/// The part of a zoomed photo on screen: the photo scaled to `scaledWidth` × `scaledHeight`
/// screen pixels, of which the placement's pixel size at (`x`, `y`) is shown.
public struct ZoomWindow: Sendable, Hashable {
    public var scaledWidth: Int
    public var scaledHeight: Int
    public var x: Int
    public var y: Int
    /// The size the photo is decoded at for it: the scaled size up to 100 %, beyond that the
    /// photo's own pixels (enlarged after the crop), so a 4× zoom shows the photo's detail.
    public var decodeWidth: Int
    public var decodeHeight: Int

    public init(scaledWidth: Int, scaledHeight: Int, x: Int, y: Int, decodeWidth: Int? = nil, decodeHeight: Int? = nil) {
        self.scaledWidth = scaledWidth
        self.scaledHeight = scaledHeight
        self.x = x
        self.y = y
        self.decodeWidth = decodeWidth ?? scaledWidth
        self.decodeHeight = decodeHeight ?? scaledHeight
    }
}
