import PhotoPagerBase

extension GridLayout {
    /// One photo's place in the viewport.
    public struct Item: Sendable, Hashable {
        public var index: Int
        /// The thumbnail box; the photo is fitted inside it (``GridLayout/thumbnailFit(aspectRatio:box:)``).
        public var box: Rect
        /// The caption line(s) under the box, as wide as the box: the photographer's name.
        public var caption: Rect

        public init(index: Int, box: Rect, caption: Rect) {
            self.index = index
            self.box = box
            self.caption = caption
        }
    }

    /// The item for photo `index` at `scrollOffset`, wherever it is (on screen or not); `nil` when
    /// there is no such photo.
    public func item(at index: Int, scrollOffset: Int = 0) -> Item? {
        guard index >= 0, index < photoCount else { return nil }
        let x = leftMargin + (index % columnCount) * (thumbnailWidth + columnSpacing)
        let y = (index / columnCount) * rowPitch - scrollOffset
        return Item(
            index: index,
            box: Rect(x: x, y: y, width: thumbnailWidth, height: thumbnailHeight),
            caption: Rect(x: x, y: y + thumbnailHeight, width: thumbnailWidth, height: captionRows))
    }

    /// The items that overlap the viewport at `scrollOffset`, in index order, with unclipped rects.
    /// Only the rows on screen are visited, so this is cheap for thousands of photos.
    public func visibleItems(scrollOffset: Int) -> [Item] {
        guard photoCount > 0 else { return [] }
        // Outside this range nothing is visible; clamping also rules out overflow below.
        let top = min(max(scrollOffset, -viewportRows), contentRows)
        let bottom = top + viewportRows
        guard bottom > 0 else { return [] }
        var firstRow = max(0, top / rowPitch)
        if firstRow * rowPitch + itemHeight <= top { firstRow += 1 }  // that row ended in the gap
        let lastRow = min(rowCount - 1, (bottom - 1) / rowPitch)
        guard firstRow <= lastRow else { return [] }
        let first = firstRow * columnCount
        let end = min(photoCount, (lastRow + 1) * columnCount)
        return (first..<end).compactMap { item(at: $0, scrollOffset: top) }
    }

    /// The photo under viewport cell (`column`, `row`) — its box or its caption — at `scrollOffset`,
    /// for mouse clicks; `nil` over margins, gaps, or outside the viewport.
    public func index(atColumn column: Int, row: Int, scrollOffset: Int) -> Int? {
        guard column >= 0, column < viewportColumns, row >= 0, row < viewportRows else { return nil }
        let x = column - leftMargin
        let y = row + scrollOffset
        guard x >= 0, y >= 0 else { return nil }
        let pitch = thumbnailWidth + columnSpacing
        guard x % pitch < thumbnailWidth, y % rowPitch < itemHeight else { return nil }
        let gridColumn = x / pitch
        guard gridColumn < columnCount else { return nil }
        let index = (y / rowPitch) * columnCount + gridColumn
        return index < photoCount ? index : nil
    }
}
