/// A size in pixels: of one terminal cell, or of an image to encode.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// 10×20: the 1:2 shape of common monospace fonts at common sizes. Used when the terminal
    /// reports no pixel size (many report 0×0 in `TIOCGWINSZ` and ignore `CSI 16t`).
    public static let typicalCell = PixelSize(width: 10, height: 20)

    /// Itself when both sides are positive, else ``typicalCell``: a 0 would divide by zero.
    public var orTypicalCell: PixelSize {
        width > 0 && height > 0 ? self : .typicalCell
    }
}
