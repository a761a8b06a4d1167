import PhotoPagerBase

/// One grid item as it is on screen: absolute rects, and where its photo goes inside its box.
///
/// Both `update` (to size thumbnail decodes) and ``GridView`` (to place them) get tiles from
/// ``AppState/visibleGridTiles``, so a placement's pixel size is always the decode's.
public struct GridTile: Sendable, Hashable {
    public var index: Int
    /// The thumbnail box, in screen cells (may reach past the grid area when scrolled part-way).
    public var box: Rect
    /// The caption row(s) under the box.
    public var caption: Rect
    /// The photo aspect-fit in the box: screen rect and pixel size.
    public var fit: GridLayout.Fit

    public init(index: Int, box: Rect, caption: Rect, fit: GridLayout.Fit) {
        self.index = index
        self.box = box
        self.caption = caption
        self.fit = fit
    }
}
