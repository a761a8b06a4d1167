import PhotoPagerBase

/// Where each thumbnail of the grid goes: a pure value computed from the space available, the
/// terminal's cell pixel size and the number of photos. No terminal needed, so it is tested by
/// equality.
///
/// Coordinates are in terminal cells. Content coordinates start at the top-left of the first row
/// of thumbnails; a scroll offset (in rows) moves the viewport down over the content, and the rects
/// the layout hands out are relative to the viewport's top-left (the caller adds the position of
/// the grid area on the screen).
///
/// Shape: `columnCount` equal columns of boxes `thumbnailWidth` wide, `columnSpacing` apart, the
/// whole block centred horizontally; each row is a box `thumbnailHeight` tall, `captionRows` for
/// the photographer's name under it, and `rowSpacing` blank rows before the next row.
///
/// Defaults, and why:
/// - minimum thumbnail width 20 columns: about 200 px at common font sizes, enough to recognise a
///   photo, and wide enough for most photographers' names; 80 columns give 3 columns, 100 give 4.
/// - column spacing 2, row spacing 1: cells are about twice as tall as wide, so 2 columns and 1
///   row are about the same gap on screen; a 1-column gap makes neighbouring photos merge.
/// - box aspect ratio 3:2: the frame of most cameras (and half of the bundled samples); squares
///   and portraits are fitted inside it by ``thumbnailFit(aspectRatio:box:cellPixelSize:)``.
/// - cell pixel size 10×20 when the terminal does not say (``PixelSize/typicalCell``).
///
/// Degenerate input never yields a negative or zero-sized box: sizes and counts are clamped
/// (at least 1 column of at least 1×1 cells), so a 10×5 or even 0×0 terminal still lays out.
public struct GridLayout: Sendable, Hashable {
    public static let defaultMinimumThumbnailWidth = 20
    public static let defaultColumnSpacing = 2
    public static let defaultRowSpacing = 1
    public static let defaultCaptionRows = 1
    public static let defaultBoxAspectRatio = 1.5

    // Inputs, after clamping to sane values.
    /// Columns available to the grid (≥ 1).
    public let viewportColumns: Int
    /// Rows available to the grid, between the top bar and the status line (≥ 1).
    public let viewportRows: Int
    /// Pixels per terminal cell (both sides ≥ 1).
    public let cellPixelSize: PixelSize
    public let photoCount: Int
    public let columnSpacing: Int
    public let rowSpacing: Int
    public let minimumThumbnailWidth: Int
    public let captionRows: Int
    /// Width ÷ height of the thumbnail box in pixels.
    public let boxAspectRatio: Double

    // Results.
    /// Thumbnails per row (≥ 1).
    public let columnCount: Int
    /// Rows of thumbnails needed for all photos (0 when there are none).
    public let rowCount: Int
    /// Box width in cells: the available width shared equally; the remainder becomes margins.
    public let thumbnailWidth: Int
    /// Box height in cells: the box aspect ratio in pixels, rounded, and never taller than the
    /// viewport minus the caption, so at least one whole row fits on screen.
    public let thumbnailHeight: Int
    /// Blank columns left of the first column: half the width that equal columns cannot use.
    public let leftMargin: Int

    public init(
        viewportColumns: Int,
        viewportRows: Int,
        cellPixelSize: PixelSize = .typicalCell,
        photoCount: Int,
        columnSpacing: Int = GridLayout.defaultColumnSpacing,
        rowSpacing: Int = GridLayout.defaultRowSpacing,
        minimumThumbnailWidth: Int = GridLayout.defaultMinimumThumbnailWidth,
        captionRows: Int = GridLayout.defaultCaptionRows,
        boxAspectRatio: Double = GridLayout.defaultBoxAspectRatio
    ) {
        let columns = max(1, viewportColumns)
        let rows = max(1, viewportRows)
        let cell = cellPixelSize.orTypicalCell
        // Clamping to the viewport keeps every product below small bounds: no overflow traps.
        let spacing = min(max(0, columnSpacing), columns)
        let minimumWidth = min(max(1, minimumThumbnailWidth), columns)
        let caption = min(max(0, captionRows), rows)
        let aspect = boxAspectRatio.isFinite && boxAspectRatio > 0
            ? boxAspectRatio : Self.defaultBoxAspectRatio

        self.viewportColumns = columns
        self.viewportRows = rows
        self.cellPixelSize = cell
        self.photoCount = max(0, photoCount)
        self.columnSpacing = spacing
        self.rowSpacing = min(max(0, rowSpacing), rows)
        self.minimumThumbnailWidth = minimumWidth
        self.captionRows = caption
        self.boxAspectRatio = aspect

        // n boxes of at least minimumWidth with n-1 gaps: n*(w+s) - s <= columns.
        let count = max(1, (columns + spacing) / (minimumWidth + spacing))
        let width = max(1, (columns - (count - 1) * spacing) / count)
        columnCount = count
        thumbnailWidth = width
        leftMargin = max(0, (columns - count * width - (count - 1) * spacing) / 2)

        let pixelHeight = Double(width * cell.width) / aspect
        let height = Int((pixelHeight / Double(cell.height)).rounded())
        thumbnailHeight = min(max(1, height), max(1, rows - caption))
        rowCount = self.photoCount / count + (self.photoCount % count == 0 ? 0 : 1)
    }

    /// Box plus caption: the rows one item occupies.
    public var itemHeight: Int { thumbnailHeight + captionRows }

    /// From the top of one row of items to the top of the next.
    public var rowPitch: Int { itemHeight + rowSpacing }

    /// Height of all content: no spacing after the last row, so scrolling to the end shows the last
    /// captions at the bottom edge.
    public var contentRows: Int {
        rowCount == 0 ? 0 : rowCount * rowPitch - rowSpacing
    }

    /// Rows of items that fit wholly in the viewport (≥ 1): the step of page up / page down.
    public var fullyVisibleRowCount: Int {
        max(1, (viewportRows + rowSpacing) / rowPitch)
    }

    /// `index` clamped to the photos (0 when there are none).
    public func clampedIndex(_ index: Int) -> Int {
        min(max(index, 0), max(photoCount - 1, 0))
    }
}
