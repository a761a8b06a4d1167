import PhotoPagerBase

/// The grid's tiles on screen and the pager's photo box, as the layout and the photos give them.
extension AppState {
    /// The grid items overlapping the grid area now, in index order.
    public var visibleGridTiles: [GridTile] {
        let area = layout.gridArea
        let gridLayout = grid.layout
        return gridLayout.visibleItems(scrollOffset: grid.scrollOffset).compactMap { item in
            guard photos.indices.contains(item.index) else { return nil }
            let box = item.box.offsetBy(x: area.x, y: area.y)
            let caption = item.caption.offsetBy(x: area.x, y: area.y)
            // The layout never has fewer than one row; a terminal can (0 rows): nothing is visible.
            guard box.intersection(area) != nil || caption.intersection(area) != nil else { return nil }
            let fit = fit(photos[item.index], in: box)
            return GridTile(index: item.index, box: box, caption: caption, fit: fit)
        }
    }

    /// Photo `index` aspect-fit in the pager's photo area (the whole terminal in fullscreen),
    /// with the pixels it goes out with now: fewer over a slow link, until it is the sharp one.
    public func pageFit(forPhotoAt index: Int) -> GridLayout.Fit? {
        guard let full = fullPageFit(forPhotoAt: index) else { return nil }
        guard photos[index].id == images.sharpPhoto else { return linkLimitedFit(full) }
        guard images.linkLimit != nil, let sharp = images.sharpLimit else { return full }
        return full.limited(by: sharp)
    }

    /// Photo `index` aspect-fit in the pager's photo area at every pixel it has room for.
    func fullPageFit(forPhotoAt index: Int) -> GridLayout.Fit? {
        guard photos.indices.contains(index) else { return nil }
        return fit(photos[index], in: pagerBox)
    }

    /// `fit` as a slow link first sends it (itself on a fast one).
    func linkLimitedFit(_ fit: GridLayout.Fit) -> GridLayout.Fit {
        images.linkLimit.map { fit.limited(by: $0) } ?? fit
    }

    /// `photo` aspect-fit in `box`, in this terminal's cells and image heights.
    func fit(_ photo: Photo, in box: Rect) -> GridLayout.Fit {
        GridLayout.thumbnailFit(aspectRatio: photo.aspectRatio, box: box, cellPixelSize: screen.cellPixelSize,
                                heightStep: screen.imageHeightStep)
    }

    /// Where the pager may draw its photo: its area, above the last row where images scroll
    /// the screen there, within the terminal's largest image.
    var pagerBox: Rect {
        var box = layout.pagerPhotoArea
        if screen.imagesAvoidLastRow, box.maxY >= screen.rows, box.height > 1 { box.height = screen.rows - 1 - box.y }
        if let limit = screen.maxImagePixelSize {
            let cell = screen.cellPixelSize
            let columns = max(1, limit.width / cell.width), rows = max(1, limit.height / cell.height)
            if box.width > columns { box.x += (box.width - columns) / 2; box.width = columns }
            if box.height > rows { box.y += (box.height - rows) / 2; box.height = rows }
        }
        return box
    }
}
