import PhotoPagerBase

extension GridLayout {
    /// Where a photo goes inside a box: the cells it covers and the pixel size to encode it at.
    public struct Fit: Sendable, Hashable {
        /// The cells the image covers, centred in the box (never larger than the box).
        public var rect: Rect
        /// The image size in pixels: the largest with the photo's aspect ratio that fits the box's
        /// pixels. It may fall short of `rect` by less than one cell on the long-side remainder,
        /// because cells are coarse and distorting the photo to fill them would show.
        public var pixelSize: PixelSize

        public init(rect: Rect, pixelSize: PixelSize) {
            self.rect = rect
            self.pixelSize = pixelSize
        }
    }

    /// Fits a photo of `aspectRatio` (width ÷ height) into `box` (in cells) keeping its aspect ratio,
    /// centred: aspect-fit, computed in pixels because cells are not square (a 2:1 cell makes a box
    /// 20 columns × 10 rows square on screen). A non-finite or non-positive ratio is treated as
    /// square; an empty box gives an empty fit at its origin.
    ///
    /// Static because the pager fits its photo into its own area the same way.
    ///
    /// `heightStep`: the terminal draws an image's height in whole steps of this many pixels
    /// (Konsole draws a sixel's last band of 6 whole): a height that would so reach into the row
    /// below its cells is taken down to a whole step, so the image never covers that row.
    public static func thumbnailFit(aspectRatio: Double, box: Rect, cellPixelSize: PixelSize, heightStep: Int = 1) -> Fit {
        guard !box.isEmpty else {
            return Fit(rect: Rect(x: box.x, y: box.y, width: 0, height: 0),
                       pixelSize: PixelSize(width: 0, height: 0))
        }
        let cell = cellPixelSize.orTypicalCell
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
        let boxWidth = box.width * cell.width
        let boxHeight = box.height * cell.height
        var width = boxWidth
        var height = boxHeight
        if ratio >= Double(boxWidth) / Double(boxHeight) {
            height = min(boxHeight, max(1, Int((Double(boxWidth) / ratio).rounded())))
        } else {
            width = min(boxWidth, max(1, Int((Double(boxHeight) * ratio).rounded())))
        }
        let step = max(1, heightStep)
        let drawnHeight = (height + step - 1) / step * step
        if drawnHeight > (height + cell.height - 1) / cell.height * cell.height, height >= step {
            height = height / step * step
            width = min(boxWidth, max(1, Int((Double(height) * ratio).rounded())))
        }
        let columns = (width + cell.width - 1) / cell.width
        let rows = (height + cell.height - 1) / cell.height
        let rect = Rect(x: box.x + (box.width - columns) / 2, y: box.y + (box.height - rows) / 2,
                        width: columns, height: rows)
        return Fit(rect: rect, pixelSize: PixelSize(width: width, height: height))
    }

    /// ``thumbnailFit(aspectRatio:box:cellPixelSize:)`` with this layout's cell pixel size.
    public func thumbnailFit(aspectRatio: Double, box: Rect) -> Fit {
        Self.thumbnailFit(aspectRatio: aspectRatio, box: box, cellPixelSize: cellPixelSize)
    }

    /// The fit of `photo` (by its ``Photo/aspectRatio``, known before any pixel is decoded) in `box`.
    public func thumbnailFit(for photo: Photo, in box: Rect) -> Fit {
        thumbnailFit(aspectRatio: photo.aspectRatio, box: box)
    }
}
