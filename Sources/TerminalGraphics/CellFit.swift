import PhotoPagerBase

/// Where an image lands once fitted into a cell box: its exact pixel size and the cells it covers.
public struct FittedSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels to resize the photo to. For text renderers these are half-block "pixels".
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Cells the drawn image covers, starting at the box's top-left corner; never more than the box.
    public var columns: Int
    public var rows: Int

    public init(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.columns = columns
        self.rows = rows
    }

    public var cells: CellSize { CellSize(columns: columns, rows: rows) }

    public var description: String { "\(pixelWidth)x\(pixelHeight)px in \(columns)x\(rows) cells" }
}

/// Aspect-fits an image into the pixel area of a cell box, for the pixel renderers (sixel, kitty,
/// iTerm2).
///
/// The image is scaled so that one side fills the box and the other fits inside it, keeping the
/// aspect ratio to within rounding. Small images are scaled **up** to fill the box by default, as
/// chafa does: a photo browser shows photos at the size of the space it gives them, and a 64-pixel
/// thumbnail drawn at 64 pixels in a 1000-pixel pager looks like a bug. Pass `allowUpscaling: false`
/// to keep small images at their own size. Rounding is to nearest, in integers, so the result is
/// the same on every platform; every side is at least one pixel.
public func fittedPixelSize(imageWidth: Int, imageHeight: Int, box: CellSize, cell: CellPixelSize,
                            allowUpscaling: Bool = true) -> FittedSize {
    let cell = CellPixelSize(width: max(1, cell.width), height: max(1, cell.height))
    let boxWidth = max(1, box.columns) * cell.width
    let boxHeight = max(1, box.rows) * cell.height
    let (width, height) = aspectFit(width: imageWidth, height: imageHeight,
                                    intoWidth: boxWidth, height: boxHeight, allowUpscaling: allowUpscaling)
    return FittedSize(pixelWidth: width, pixelHeight: height,
                      columns: ceilDiv(width, cell.width), rows: ceilDiv(height, cell.height))
}

/// Aspect-fits an image onto the half-block grid of a cell box, for the text renderers (half
/// blocks, libcaca).
///
/// Each cell holds two "pixels", one above the other, so the grid is `columns × rows*2`; but the
/// pixels are not square — each is `cell.width × cell.height/2` on screen — so the fit weighs
/// them by their real shape, which keeps round things round on 1:2 fonts and on unusual ones alike. The height may be odd: the last row then holds only a top half (the
/// half-block encoder draws it with the terminal's default background below).
public func fittedBlockSize(imageWidth: Int, imageHeight: Int, box: CellSize, cell: CellPixelSize,
                            allowUpscaling: Bool = true) -> FittedSize {
    let cell = CellPixelSize(width: max(1, cell.width), height: max(2, cell.height))
    let columns = max(1, box.columns)
    let halfRows = max(1, box.rows) * 2
    // A half-block pixel is `cell.width` wide and `cell.height / 2` tall on screen, so the image
    // spans `iw / cell.width` by `2·ih / cell.height` of them; scaling both by `cell.width ×
    // cell.height` keeps that ratio in integers, and the fit lands directly on grid counts.
    var (width, height) = aspectFit(width: imageWidth * cell.height, height: 2 * imageHeight * cell.width,
                                    intoWidth: columns, height: halfRows, allowUpscaling: true)
    if !allowUpscaling {
        // "Natural size" for text renderers: the screen area the image's own pixels would cover.
        let natural = fittedBlockNatural(imageWidth: imageWidth, imageHeight: imageHeight, cell: cell)
        if natural.width < width { width = natural.width; height = min(height, natural.height) }
    }
    return FittedSize(pixelWidth: width, pixelHeight: height, columns: width, rows: ceilDiv(height, 2))
}

/// The half-block grid size at which an image would be drawn one source pixel per screen pixel.
private func fittedBlockNatural(imageWidth: Int, imageHeight: Int, cell: CellPixelSize) -> (width: Int, height: Int) {
    let width = max(1, roundDiv(imageWidth, cell.width))
    let height = max(1, roundDiv(imageHeight * 2, cell.height))
    return (width, height)
}

/// Largest `w × h` inside `boxW × boxH` with `w:h ≈ width:height`, rounded to nearest.
private func aspectFit(width: Int, height: Int, intoWidth boxW: Int, height boxH: Int,
                       allowUpscaling: Bool) -> (Int, Int) {
    let width = max(1, width)
    let height = max(1, height)
    if !allowUpscaling && width <= boxW && height <= boxH { return (width, height) }
    // Compare width/height with boxW/boxH without dividing: the tighter side is the one to fill.
    if width * boxH >= height * boxW {
        return (boxW, min(boxH, max(1, roundDiv(height * boxW, width))))
    }
    return (min(boxW, max(1, roundDiv(width * boxH, height))), boxH)
}

@inline(__always) private func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
@inline(__always) private func roundDiv(_ a: Int, _ b: Int) -> Int { (2 * a + b) / (2 * b) }
