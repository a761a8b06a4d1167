import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

/// Shorthand for the expected rects in the tables below.
func gridRect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

@Suite("GridLayout: sizes")
struct GridLayoutSizeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var columns: Int, rows: Int, cell: PixelSize, photos: Int
        // Expected:
        var columnCount: Int, width: Int, height: Int, margin: Int, rowCount: Int, contentRows: Int
        var testDescription: String { "\(columns)×\(rows) @\(cell.width)×\(cell.height)px, \(photos) photos" }
    }

    static let typical = PixelSize.typicalCell

    @Test("size → columns, box, margin, rows, content height", arguments: [
        // 100 columns: (100+2)/(20+2) = 4 columns of (100-6)/4 = 23; 2 spare → margin 1.
        // Box: 230 px / 1.5 = 153 px = 7.67 rows → 8. Pitch 8+1+1 = 10; 6 rows → 59.
        Case(columns: 100, rows: 27, cell: typical, photos: 24,
             columnCount: 4, width: 23, height: 8, margin: 1, rowCount: 6, contentRows: 59),
        // 80 columns: 3 of 25 (76/3), 1 spare → margin 0; 250/1.5/20 = 8.33 → 8.
        Case(columns: 80, rows: 22, cell: typical, photos: 10,
             columnCount: 3, width: 25, height: 8, margin: 0, rowCount: 4, contentRows: 39),
        // Non-divisible: 75 → 3 of 23 (71/3), 2 spare → margin 1.
        Case(columns: 75, rows: 22, cell: typical, photos: 7,
             columnCount: 3, width: 23, height: 8, margin: 1, rowCount: 3, contentRows: 29),
        // The 1 → 2 column boundary: 41 is one wide column, 42 is exactly 20 + 2 + 20.
        Case(columns: 41, rows: 40, cell: typical, photos: 2,
             columnCount: 1, width: 41, height: 14, margin: 0, rowCount: 2, contentRows: 31),
        Case(columns: 42, rows: 40, cell: typical, photos: 2,
             columnCount: 2, width: 20, height: 7, margin: 0, rowCount: 1, contentRows: 8),
        // Tiny: one column as wide as the terminal; 100/1.5/20 = 3.33 → 3.
        Case(columns: 10, rows: 5, cell: typical, photos: 3,
             columnCount: 1, width: 10, height: 3, margin: 0, rowCount: 3, contentRows: 14),
        // Nothing at all: still 1×1 boxes, spacing clamped to the 1-cell viewport.
        Case(columns: 0, rows: 0, cell: typical, photos: 6,
             columnCount: 1, width: 1, height: 1, margin: 0, rowCount: 6, contentRows: 17),
        Case(columns: -5, rows: -5, cell: typical, photos: -1,
             columnCount: 1, width: 1, height: 1, margin: 0, rowCount: 0, contentRows: 0),
        // Huge: 1002/22 = 45 columns of 912/45 = 20, 12 spare → margin 6; 200/1.5/20 = 6.67 → 7.
        Case(columns: 1000, rows: 300, cell: typical, photos: 1000,
             columnCount: 45, width: 20, height: 7, margin: 6, rowCount: 23, contentRows: 206),
        // 0 and 1 photos.
        Case(columns: 100, rows: 27, cell: typical, photos: 0,
             columnCount: 4, width: 23, height: 8, margin: 1, rowCount: 0, contentRows: 0),
        Case(columns: 100, rows: 27, cell: typical, photos: 1,
             columnCount: 4, width: 23, height: 8, margin: 1, rowCount: 1, contentRows: 9),
        // Cell shape matters, cell scale does not: 20×40 is 10×20; square cells need twice the rows.
        Case(columns: 100, rows: 27, cell: .init(width: 20, height: 40), photos: 4,
             columnCount: 4, width: 23, height: 8, margin: 1, rowCount: 1, contentRows: 9),
        Case(columns: 100, rows: 27, cell: .init(width: 10, height: 10), photos: 4,
             columnCount: 4, width: 23, height: 15, margin: 1, rowCount: 1, contentRows: 16),
        // An unknown (0×0) cell size falls back to 10×20.
        Case(columns: 100, rows: 27, cell: .init(width: 0, height: 0), photos: 4,
             columnCount: 4, width: 23, height: 8, margin: 1, rowCount: 1, contentRows: 9),
        // A box taller than the viewport is cut to viewport − caption (3 rows of 4).
        Case(columns: 41, rows: 4, cell: typical, photos: 2,
             columnCount: 1, width: 41, height: 3, margin: 0, rowCount: 2, contentRows: 9),
    ])
    func sizes(_ c: Case) {
        let layout = GridLayout(viewportColumns: c.columns, viewportRows: c.rows,
                                cellPixelSize: c.cell, photoCount: c.photos)
        #expect(layout.columnCount == c.columnCount)
        #expect(layout.thumbnailWidth == c.width)
        #expect(layout.thumbnailHeight == c.height)
        #expect(layout.leftMargin == c.margin)
        #expect(layout.rowCount == c.rowCount)
        #expect(layout.contentRows == c.contentRows)
        // Invariants: positive sizes, and the columns fit in the viewport.
        #expect(layout.thumbnailWidth >= 1 && layout.thumbnailHeight >= 1)
        let used = layout.leftMargin + layout.columnCount * layout.thumbnailWidth
            + (layout.columnCount - 1) * layout.columnSpacing
        #expect(used <= layout.viewportColumns)
    }

    @Test("custom spacing, minimum width, caption rows and box ratio")
    func customParameters() {
        // (100+1)/(30+1) = 3 columns of (100-2)/3 = 32, 2 spare → margin 1.
        // Square box: 320 px / 20 = 16 rows. Pitch 16 + 2 + 0 = 18.
        let layout = GridLayout(viewportColumns: 100, viewportRows: 40, photoCount: 7,
                                columnSpacing: 1, rowSpacing: 0, minimumThumbnailWidth: 30,
                                captionRows: 2, boxAspectRatio: 1)
        #expect(layout.columnCount == 3)
        #expect(layout.thumbnailWidth == 32)
        #expect(layout.leftMargin == 1)
        #expect(layout.thumbnailHeight == 16)
        #expect(layout.rowPitch == 18)
        #expect(layout.contentRows == 54)
        #expect(layout.item(at: 4) == .init(index: 4, box: gridRect(34, 18, 32, 16), caption: gridRect(34, 34, 32, 2)))
        // A non-positive or NaN ratio falls back to 3:2; no caption means boxes only.
        let fallback = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 1,
                                  captionRows: 0, boxAspectRatio: .nan)
        #expect(fallback.boxAspectRatio == 1.5)
        #expect(fallback.itemHeight == 8)
        #expect(fallback.item(at: 0)?.caption == gridRect(1, 8, 23, 0))
    }

    @Test("page step: rows of items wholly on screen", arguments: [
        (27, 2), (29, 3), (9, 1), (5, 1), (100, 10),
    ])
    func fullyVisibleRows(rows: Int, expected: Int) {
        let layout = GridLayout(viewportColumns: 100, viewportRows: rows, photoCount: 100)
        #expect(layout.fullyVisibleRowCount == expected)
    }
}
