
extension GridLayout {
    /// The largest useful scroll offset for a viewport `viewportRows` tall: the last row's caption
    /// at the bottom edge. 0 when everything fits.
    public func maximumScrollOffset(viewportRows: Int) -> Int {
        max(0, contentRows - max(1, viewportRows))
    }

    public var maximumScrollOffset: Int { maximumScrollOffset(viewportRows: viewportRows) }

    /// `offset` clamped to `0...maximumScrollOffset`, so neither end leaves blank rows on screen.
    public func clampedScrollOffset(_ offset: Int, viewportRows: Int) -> Int {
        min(max(offset, 0), maximumScrollOffset(viewportRows: viewportRows))
    }

    /// The offset that puts photo `index`'s item (box and caption) in the vertical middle of the
    /// viewport, clamped to the content: near the top or bottom the selection sits off-centre rather
    /// than blank rows appearing. The seed's `changedCell`: used when the pager reports a new photo,
    /// so coming back to the grid shows it centred. An item taller than the viewport shows its top.
    public func scrollOffset(centering index: Int, viewportRows: Int) -> Int {
        guard photoCount > 0 else { return 0 }
        let viewport = max(1, viewportRows)
        let top = (clampedIndex(index) / columnCount) * rowPitch
        let centred = top - max(0, viewport - itemHeight) / 2
        return clampedScrollOffset(centred, viewportRows: viewport)
    }

    /// ``scrollOffset(centering:viewportRows:)`` for this layout's own viewport.
    public func scrollOffset(centering index: Int) -> Int {
        scrollOffset(centering: index, viewportRows: viewportRows)
    }

    /// The offset closest to `current` at which photo `index`'s whole item is on screen: unchanged
    /// when it already is, else just enough scrolling to bring it to the top or bottom edge (or its
    /// top, when the item is taller than the viewport). For arrow-key moves: the grid stays still
    /// while the selection moves on screen, as in every list.
    public func scrollOffset(keepingVisible index: Int, current: Int) -> Int {
        guard photoCount > 0 else { return 0 }
        let offset = clampedScrollOffset(current, viewportRows: viewportRows)
        let top = (clampedIndex(index) / columnCount) * rowPitch
        let bottom = top + itemHeight
        let target: Int
        if itemHeight > viewportRows || top < offset {
            target = top
        } else if bottom > offset + viewportRows {
            target = bottom - viewportRows
        } else {
            target = offset
        }
        return clampedScrollOffset(target, viewportRows: viewportRows)
    }
}
