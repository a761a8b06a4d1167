import PhotoPagerBase
import TerminalGraphics

/// The images one frame will show, decided before any text is written: which cells they cover
/// (the text pass skips those) and which must be drawn again.
struct ImagePlan: Sendable {
    struct Item: Sendable {
        var rect: Rect
        var content: ImageContent
        var kind: RendererKind
        /// Pixel/text images: the encoded bytes. Kitty: the transmission to send first, or empty
        /// when the terminal already holds the image.
        var bytes: [UInt8]
        var kittyID: UInt32?
        /// The part of the image shown (kitty only; nil: all of it).
        var crop: PixelCrop?
        /// Pixel/text images only: whether to draw it this frame (else it is intact on screen).
        var redraw = false
        /// Pixel/text images: the draw number whose pixels show it (set when drawn or kept).
        var owner = 0
    }

    var items: [Item] = []
    /// Row-major, one flag per cell: under an image this frame shows.
    var covered: [Bool]
    /// Kitty ids dropped from the registry to make room; the terminal must delete them.
    var evictedKittyIDs: [UInt32] = []
}

/// Where a kitty image is placed: its cells, and the part of it shown there.
struct KittyPlacement: Sendable, Hashable {
    var rect: Rect
    var crop: PixelCrop?
}
