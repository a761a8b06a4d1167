import PhotoPagerBase

/// What a terminal that places part of an image it holds (kitty) is sent of a zoomed photo: a
/// region of the scaled photo twice the view each way (at most ``maxPixels``), around it. A pan inside it is a new
/// placement of a few dozen bytes; only a pan that leaves it (or a zoom step) sends pixels.
public struct ZoomTile: Sendable, Hashable {
    public var photoID: String
    /// The region: a window of the scaled photo at (`x`, `y`), `size` pixels large.
    public var window: ZoomWindow
    public var size: PixelSize

    /// The most pixels a region has: kitty's encoding is 4 bytes a pixel, held in the memory for
    /// images ready to draw (48 MB by default) until written. A 120×40-cell view's region is
    /// 3.8 MP; on a 4K screen the region is the view itself.
    static let maxPixels = 8_000_000

    /// The tile centred on `view`, within the photo.
    static func around(_ view: PagerZoom.View, photoID: String) -> ZoomTile {
        let shown = view.fit.pixelSize, scaled = view.window
        let factor = max(1, min(2, (Double(maxPixels) / Double(max(1, shown.width * shown.height))).squareRoot()))
        let width = min(scaled.scaledWidth, Int(Double(shown.width) * factor))
        let height = min(scaled.scaledHeight, Int(Double(shown.height) * factor))
        var window = scaled
        window.x = min(max(0, scaled.x - (width - shown.width) / 2), scaled.scaledWidth - width)
        window.y = min(max(0, scaled.y - (height - shown.height) / 2), scaled.scaledHeight - height)
        return ZoomTile(photoID: photoID, window: window, size: PixelSize(width: width, height: height))
    }

    /// The part of this tile that `view` of photo `photoID` shows, when the tile holds all of
    /// it at the same zoom; nil otherwise.
    func crop(showing view: PagerZoom.View, photoID: String) -> PixelCrop? {
        let scaled = view.window, shown = view.fit.pixelSize
        guard photoID == self.photoID, scaled.scaledWidth == window.scaledWidth, scaled.scaledHeight == window.scaledHeight,
              scaled.decodeWidth == window.decodeWidth, scaled.decodeHeight == window.decodeHeight,
              scaled.x >= window.x, scaled.y >= window.y,
              scaled.x + shown.width <= window.x + size.width, scaled.y + shown.height <= window.y + size.height
        else { return nil }
        return PixelCrop(x: scaled.x - window.x, y: scaled.y - window.y, width: shown.width, height: shown.height)
    }

    /// The tile's pixels.
    var content: ImageContent { ImageContent(photoID: photoID, pixelSize: size, window: window) }
}
