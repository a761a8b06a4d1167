import PhotoPagerBase
import Testing
import TerminalGraphics

@Suite("cell fit")
struct CellFitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var image: (Int, Int)
        var box: CellSize
        var cell: CellPixelSize
        var upscale = true
        var expected: FittedSize
        var testDescription: String { "\(image.0)x\(image.1) in \(box) @ \(cell) upscale=\(upscale)" }
    }

    static let pixelCases: [Case] = [
        // 3:2 landscape into a 100x40 box of 10x20 cells (1000x800 px): width-limited.
        Case(image: (1920, 1280), box: CellSize(columns: 100, rows: 40), cell: CellPixelSize(width: 10, height: 20),
             expected: FittedSize(pixelWidth: 1000, pixelHeight: 667, columns: 100, rows: 34)),
        // Portrait: height-limited; width rounds to nearest (533.33 → 533) and covers 54 cells.
        Case(image: (1280, 1920), box: CellSize(columns: 100, rows: 40), cell: CellPixelSize(width: 10, height: 20),
             expected: FittedSize(pixelWidth: 533, pixelHeight: 800, columns: 54, rows: 40)),
        // Exactly the box's aspect: fills it.
        Case(image: (500, 400), box: CellSize(columns: 100, rows: 40), cell: CellPixelSize(width: 10, height: 20),
             expected: FittedSize(pixelWidth: 1000, pixelHeight: 800, columns: 100, rows: 40)),
        // Small images are scaled up by default...
        Case(image: (64, 48), box: CellSize(columns: 20, rows: 10), cell: CellPixelSize(width: 8, height: 16),
             expected: FittedSize(pixelWidth: 160, pixelHeight: 120, columns: 20, rows: 8)),
        // ...and kept at their own size when asked.
        Case(image: (64, 48), box: CellSize(columns: 20, rows: 10), cell: CellPixelSize(width: 8, height: 16), upscale: false,
             expected: FittedSize(pixelWidth: 64, pixelHeight: 48, columns: 8, rows: 3)),
        // Downscaling still happens without upscaling.
        Case(image: (4000, 1000), box: CellSize(columns: 20, rows: 10), cell: CellPixelSize(width: 8, height: 16), upscale: false,
             expected: FittedSize(pixelWidth: 160, pixelHeight: 40, columns: 20, rows: 3)),
        // Extreme panorama never collapses below one pixel.
        Case(image: (100_000, 10), box: CellSize(columns: 10, rows: 5), cell: CellPixelSize(width: 9, height: 18),
             expected: FittedSize(pixelWidth: 90, pixelHeight: 1, columns: 10, rows: 1)),
        // Degenerate inputs are clamped rather than dividing by zero.
        Case(image: (0, 0), box: CellSize(columns: 0, rows: 0), cell: CellPixelSize(width: 0, height: 0),
             expected: FittedSize(pixelWidth: 1, pixelHeight: 1, columns: 1, rows: 1)),
    ]

    @Test(arguments: pixelCases)
    func pixelFit(_ c: Case) {
        let fit = fittedPixelSize(imageWidth: c.image.0, imageHeight: c.image.1, box: c.box, cell: c.cell, allowUpscaling: c.upscale)
        #expect(fit == c.expected)
        #expect(fit.columns <= max(1, c.box.columns) && fit.rows <= max(1, c.box.rows))
    }

    static let blockCases: [Case] = [
        // 3:2 photo in 80x24 cells of 10x20: 800x480 px → width-limited, 800x533 would be too
        // tall, so height-limited: 720x480 px → 72 columns, 48 half rows.
        Case(image: (1920, 1280), box: CellSize(columns: 80, rows: 24), cell: CellPixelSize(width: 10, height: 20),
             expected: FittedSize(pixelWidth: 72, pixelHeight: 48, columns: 72, rows: 24)),
        // Square image, 1:2 cells: a square of N columns needs N/2 rows, i.e. N half rows.
        Case(image: (500, 500), box: CellSize(columns: 40, rows: 40), cell: CellPixelSize(width: 10, height: 20),
             expected: FittedSize(pixelWidth: 40, pixelHeight: 40, columns: 40, rows: 20)),
        // Odd half-row count: the last line is a top half only.
        Case(image: (300, 250), box: CellSize(columns: 30, rows: 40), cell: CellPixelSize(width: 10, height: 20),
             expected: FittedSize(pixelWidth: 30, pixelHeight: 25, columns: 30, rows: 13)),
        // Square cells (e.g. 16x16 fonts) make half-block pixels twice as wide as tall.
        Case(image: (400, 400), box: CellSize(columns: 40, rows: 40), cell: CellPixelSize(width: 16, height: 16),
             expected: FittedSize(pixelWidth: 40, pixelHeight: 80, columns: 40, rows: 40)),
        // No upscaling: 64x48 px at 8x16 cells is 8 columns, 6 half rows.
        Case(image: (64, 48), box: CellSize(columns: 80, rows: 24), cell: CellPixelSize(width: 8, height: 16), upscale: false,
             expected: FittedSize(pixelWidth: 8, pixelHeight: 6, columns: 8, rows: 3)),
    ]

    @Test(arguments: blockCases)
    func blockFit(_ c: Case) {
        let fit = fittedBlockSize(imageWidth: c.image.0, imageHeight: c.image.1, box: c.box, cell: c.cell, allowUpscaling: c.upscale)
        #expect(fit == c.expected)
        #expect(fit.columns == fit.pixelWidth && fit.rows == (fit.pixelHeight + 1) / 2)
    }

    @Test func rendererKindPicksTheRightGrid() {
        let box = CellSize(columns: 80, rows: 24), cell = CellPixelSize(width: 10, height: 20)
        #expect(RendererKind.blocks.fit(imageWidth: 1920, imageHeight: 1280, box: box, cell: cell)
            == fittedBlockSize(imageWidth: 1920, imageHeight: 1280, box: box, cell: cell))
        #expect(RendererKind.sixel.fit(imageWidth: 1920, imageHeight: 1280, box: box, cell: cell)
            == fittedPixelSize(imageWidth: 1920, imageHeight: 1280, box: box, cell: cell))
    }
}
