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
        /// The most bytes the image goes out with (``ImageContent/byteBudget``); nil: any.
        public var byteBudget: Int?

        public init(rect: Rect, pixelSize: PixelSize, byteBudget: Int? = nil) {
            self.rect = rect
            self.pixelSize = pixelSize
            self.byteBudget = byteBudget
        }

        /// What photo `photoID` shows in this fit (`frame` 0: the page photo, which plays when it
        /// is an animation).
        public func content(of photoID: String, frame: Int? = nil, orientation: Int? = nil) -> ImageContent {
            var content = ImageContent(photoID: photoID, pixelSize: pixelSize, frame: frame, byteBudget: byteBudget)
            content.orientation = orientation
            return content
        }

        /// What `photo` shows in this fit, turned as its sidecar says.
        public func content(of photo: Photo, frame: Int? = nil) -> ImageContent {
            var content = content(of: photo.id, frame: frame, orientation: photo.fileDetails?.orientation)
            content.revision = photo.fileDetails?.revision ?? 0
            return content
        }

        /// This fit as a slow link sends it: fewer pixels in the same cells, or the same pixels
        /// within fewer bytes.
        public func limited(by limit: LinkLimit) -> Fit {
            switch limit {
            case .pixels(let budget): return withPixels(atMost: budget)
            case .bytes(let budget):
                var fit = self
                fit.byteBudget = budget
                return fit
            }
        }

        /// This fit with at most `budget` pixels, in the same cells (the terminal scales it to
        /// them): what a slow link sends first.
        public func withPixels(atMost budget: Int) -> Fit {
            let area = pixelSize.width * pixelSize.height
            guard budget > 0, area > budget else { return self }
            let scale = (Double(budget) / Double(area)).squareRoot()
            var fit = self
            fit.pixelSize = PixelSize(width: max(1, Int(Double(pixelSize.width) * scale)), height: max(1, Int(Double(pixelSize.height) * scale)))
            return fit
        }

        /// `height` taken down to a whole number of `step`s (a height under one step stays).
        static func wholeSteps(_ height: Int, _ step: Int) -> Int {
            step > 1 && height >= step ? height / step * step : height
        }

        /// This fit with its height in whole `step`s (its width kept: a zoomed view shows a little
        /// less of the photo), and its rows to match.
        public func withHeight(inStepsOf step: Int, cell: PixelSize) -> Fit {
            var fit = self
            fit.pixelSize.height = Self.wholeSteps(pixelSize.height, step)
            fit.rect.height = min(rect.height, (fit.pixelSize.height + cell.height - 1) / max(1, cell.height))
            return fit
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
    /// (Konsole draws a sixel's last band of 6 whole, the pixels under the image black): the
    /// height is taken down to a whole step, so no black bar shows under the image and it never
    /// reaches into the row below its cells.
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
        let stepped = Fit.wholeSteps(height, heightStep)
        if stepped != height {
            height = stepped
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
