import PhotoPagerBase

/// The pager's zoom (`+` `-` `0`, the wheel, a drag), as nsxiv and feh count it: `scale` is screen
/// pixels per photo pixel, so 1 is 100 % (one photo pixel per screen pixel). Nil in `AppState`
/// means "fit", the usual view. The photo stays inside the view: a pan stops at its edges, and a
/// side smaller than the view is centred.
public struct PagerZoom: Sendable, Hashable {
    /// The steps of `+` and `-` (and each wheel notch), as in nsxiv.
    public static let levels: [Double] = [0.125, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 1, 1.5, 2, 3, 4, 6, 8]
    public static var maximum: Double { levels.last! }
    /// A key pans a fifth of the view.
    static let panFraction = 0.2

    /// Which photo: paging to another one is back at fit.
    public var photoID: String
    public var scale: Double
    /// The photo's point at the middle of the view, as fractions of its width and height.
    public var centreX = 0.5
    public var centreY = 0.5

    public init(photoID: String, scale: Double, centreX: Double = 0.5, centreY: Double = 0.5) {
        self.photoID = photoID
        self.scale = scale
        self.centreX = centreX
        self.centreY = centreY
    }

    /// What the zoomed photo looks like in `box`: the cells it covers and the window of the
    /// scaled photo shown there.
    public struct View: Sendable, Hashable {
        public var fit: GridLayout.Fit
        public var window: ZoomWindow
    }

    /// The level after `scale` (nil: fit, whose scale is `fit`) one step in (`direction` > 0) or
    /// out. Out past fit is fit (nil); in past the last level, or from a fit already above it,
    /// stays where it is.
    public static func stepped(from scale: Double?, by direction: Int, fit: Double) -> Double? {
        let current = scale ?? fit
        if direction > 0 {
            guard let next = levels.first(where: { $0 > current * 1.001 && $0 > fit * 1.001 }) else { return scale }
            return next
        }
        guard scale != nil, let next = levels.last(where: { $0 < current * 0.999 }), next > fit * 1.001 else { return nil }
        return next
    }

    /// The view of a `photo`-sized photo at this zoom in `box`, its centre kept inside.
    public func view(photo: PixelSize, box: Rect, cell: PixelSize) -> View {
        let scaledWidth = max(1, Int((Double(photo.width) * scale).rounded()))
        let scaledHeight = max(1, Int((Double(photo.height) * scale).rounded()))
        let width = min(box.width * cell.width, scaledWidth), height = min(box.height * cell.height, scaledHeight)
        let x = Self.offset(centre: centreX, scaled: scaledWidth, shown: width)
        let y = Self.offset(centre: centreY, scaled: scaledHeight, shown: height)
        let columns = (width + cell.width - 1) / cell.width, rows = (height + cell.height - 1) / cell.height
        let rect = Rect(x: box.x + (box.width - columns) / 2, y: box.y + (box.height - rows) / 2,
                                   width: columns, height: rows)
        return View(fit: GridLayout.Fit(rect: rect, pixelSize: PixelSize(width: width, height: height)),
                    window: ZoomWindow(scaledWidth: scaledWidth, scaledHeight: scaledHeight, x: x, y: y,
                                       decodeWidth: min(scaledWidth, photo.width), decodeHeight: min(scaledHeight, photo.height)))
    }

    /// Where a window `shown` wide starts in a `scaled`-wide photo centred on `centre`, inside it.
    static func offset(centre: Double, scaled: Int, shown: Int) -> Int {
        min(max(0, Int((centre * Double(scaled) - Double(shown) / 2).rounded())), scaled - shown)
    }

    /// Moved by `dx`, `dy` screen pixels of the scaled photo (positive: towards its right and
    /// bottom), stopping at its edges.
    public func panned(byPixels dx: Int, _ dy: Int, photo: PixelSize, box: Rect,
                       cell: PixelSize) -> PagerZoom {
        let window = view(photo: photo, box: box, cell: cell)
        var moved = self
        moved.centreX = Self.centre(offset: window.window.x + dx, scaled: window.window.scaledWidth,
                                    shown: window.fit.pixelSize.width)
        moved.centreY = Self.centre(offset: window.window.y + dy, scaled: window.window.scaledHeight,
                                    shown: window.fit.pixelSize.height)
        return moved
    }

    /// A key's pan: a fifth of the view in `dx`, `dy` (each -1, 0 or 1).
    public func panned(columns dx: Int, rows dy: Int, photo: PixelSize, box: Rect,
                       cell: PixelSize) -> PagerZoom {
        let stepX = Int(Double(box.width * cell.width) * Self.panFraction)
        let stepY = Int(Double(box.height * cell.height) * Self.panFraction)
        return panned(byPixels: dx * stepX, dy * stepY, photo: photo, box: box, cell: cell)
    }

    /// The centre of a window at `offset`, clamped inside the photo.
    static func centre(offset: Int, scaled: Int, shown: Int) -> Double {
        let clamped = min(max(0, offset), scaled - shown)
        return (Double(clamped) + Double(shown) / 2) / Double(scaled)
    }

    /// Zoomed to `scale` keeping the photo's point under screen pixel `point` (relative to
    /// `box`'s corner) where it is, as a wheel zooms at the pointer. `from`: the zoom now, nil
    /// at fit (whose scale is `fit`).
    public static func zoomed(_ from: PagerZoom?, photoID: String, to scale: Double, fit: Double,
                              at point: (x: Int, y: Int), photo: PixelSize, box: Rect,
                              cell: PixelSize) -> PagerZoom {
        let before = from ?? PagerZoom(photoID: photoID, scale: fit)
        let old = before.view(photo: photo, box: box, cell: cell)
        // The photo's fraction under the point (the image is drawn from its rect's corner).
        func fraction(_ point: Int, imageStart: Int, offset: Int, scaled: Int) -> Double {
            min(max(0, Double(point - imageStart + offset) / Double(scaled)), 1)
        }
        let fx = fraction(point.x, imageStart: (old.fit.rect.x - box.x) * cell.width, offset: old.window.x,
                          scaled: old.window.scaledWidth)
        let fy = fraction(point.y, imageStart: (old.fit.rect.y - box.y) * cell.height, offset: old.window.y,
                          scaled: old.window.scaledHeight)
        var after = PagerZoom(photoID: photoID, scale: scale)
        let new = after.view(photo: photo, box: box, cell: cell)
        // Larger than the box, the new window fills it: its centre is the box's middle, so the
        // point's offset from the middle carries over. (Smaller, it is centred whatever we say.)
        let middleX = Double(box.width * cell.width) / 2, middleY = Double(box.height * cell.height) / 2
        after.centreX = (fx * Double(new.window.scaledWidth) - (Double(point.x) - middleX)) / Double(new.window.scaledWidth)
        after.centreY = (fy * Double(new.window.scaledHeight) - (Double(point.y) - middleY)) / Double(new.window.scaledHeight)
        // Kept inside the photo.
        return after.panned(byPixels: 0, 0, photo: photo, box: box, cell: cell)
    }
}
