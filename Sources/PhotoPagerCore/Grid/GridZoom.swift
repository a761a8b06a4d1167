import PhotoPagerBase

/// How big the grid's thumbnails are: `+` and `-` step through the tile widths below (in
/// columns), from the smallest useful tile to one column. Until the person picks one, the grid
/// chooses: the default width, or — with few photos — the largest width that still shows them
/// all on one screen, so six photos fill the screen instead of one row in a corner.
public enum GridZoom {
    /// Tile widths in columns, smallest first: ~100 px (still a recognisable photo) up; each
    /// step about √2 larger. Past the last, one column.
    public static let widths = [10, 14, 20, 28, 40, 56, 80, 112]

    /// The layout for `chosen` (a width the person picked), else the automatic one.
    public static func layout(chosen: Int?, viewportColumns: Int, viewportRows: Int,
                              cellPixelSize: PixelSize, photoCount: Int) -> GridLayout {
        let make = { (width: Int) in
            GridLayout(viewportColumns: viewportColumns, viewportRows: viewportRows, cellPixelSize: cellPixelSize,
                       photoCount: photoCount, minimumThumbnailWidth: width)
        }
        if let chosen { return make(chosen) }
        let larger = widths.filter { $0 > GridLayout.defaultMinimumThumbnailWidth } + [viewportColumns]
        let fitting = larger.last { make($0).contentRows <= viewportRows && $0 <= viewportColumns }
        return make(fitting ?? GridLayout.defaultMinimumThumbnailWidth)
    }

    /// The width one step larger (`by` 1) or smaller (-1) than what `current` shows; a width
    /// that gives the same number of columns is skipped, so every step changes the grid.
    public static func step(from current: GridLayout, by direction: Int) -> Int {
        let candidates = (widths + [current.viewportColumns]).filter { $0 <= current.viewportColumns }
        let steps = direction > 0 ? candidates.filter { $0 > current.minimumThumbnailWidth }
                                  : candidates.filter { $0 < current.minimumThumbnailWidth }.reversed()
        let changed = steps.first { width in
            columns(width, current) != current.columnCount
        }
        return changed ?? (direction > 0 ? candidates.max() : candidates.min()) ?? current.minimumThumbnailWidth
    }

    private static func columns(_ width: Int, _ layout: GridLayout) -> Int {
        max(1, (layout.viewportColumns + layout.columnSpacing) / (min(width, layout.viewportColumns) + layout.columnSpacing))
    }
}
