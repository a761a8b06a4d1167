import PhotoPagerBase

/// The pager's room: whether it is open (else the grid shows), which photo (the paging
/// controller's position), full screen, the zoom with the view that stands in while a new zoomed
/// view decodes, a click being made on the photo, and the slideshow that turns its pages.
public struct PagerState: Sendable, Hashable {
    /// Open: the pager shows; closed: the grid does.
    public internal(set) var isOpen = false
    public internal(set) var position: PagerPosition
    /// All chrome hidden, the photo fills the terminal.
    public internal(set) var isFullscreen = false
    /// The zoom (`AppState.activeZoom` is what counts: it belongs to one photo).
    public internal(set) var zoom: PagerZoom?
    /// The last zoomed view that was ready, drawn while the next one is decoded.
    public internal(set) var zoomFallback: ImagePlacement?
    /// The zoomed region the terminal was last sent, where it places part of an image (kitty):
    /// kept while the view stays inside it.
    public internal(set) var zoomTile: ZoomTile?
    /// The left button held down in the photo: a release without motion is a click.
    var press: PointerPress?
    /// `S`, `--slideshow`: its pace and whether it runs now.
    public internal(set) var slideshow: Slideshow

    init(_ position: PagerPosition, slideshow: Slideshow = Slideshow()) {
        self.position = position
        self.slideshow = slideshow
    }

    /// The photo shown (or shown when the pager opens).
    public var currentIndex: Int { position.currentIndex }

    /// Every zoom change goes through here: the view shown until the new one is decoded is the
    /// last one that was ready (`shown`, when it is), so panning never flashes a placeholder.
    mutating func setZoom(_ new: PagerZoom?, shown: ImagePlacement?, isReady: (ImageContent) -> Bool) {
        if let shown, isReady(shown.content) {
            zoomFallback = shown
        } else if let fallback = zoomFallback, !isReady(fallback.content) {
            zoomFallback = nil
        }
        zoom = new
        if new == nil { zoomFallback = nil; zoomTile = nil }
    }

    /// The left button went down on the photo.
    mutating func pressed(column: Int, row: Int) {
        press = PointerPress(column: column, row: row)
    }

    /// The pointer moved with the button down, to (`column`, `row`): by how many cells since
    /// the last motion (nil: no press, or no motion). Only a `zoomed` photo pans: at fit there
    /// is nothing to pan, and a shaky click is still a click.
    mutating func dragged(to column: Int, row: Int, zoomed: Bool) -> (columns: Int, rows: Int)? {
        guard var held = press else { return nil }
        let moved = (columns: column - held.column, rows: row - held.row)
        guard moved.columns != 0 || moved.rows != 0 else { return nil }
        held.moved = held.moved || zoomed
        held.column = column
        held.row = row
        press = held
        return moved
    }

    /// The button came up: a click (no motion) toggles full screen.
    mutating func released() {
        guard let held = press else { return }
        press = nil
        if !held.moved { isFullscreen.toggle() }
    }
}

/// The left button held down on the pager's photo, where it was last, and whether it moved
/// (a drag pans a zoomed photo; a release without motion is a click).
public struct PointerPress: Sendable, Hashable {
    public var column: Int
    public var row: Int
    public var moved = false
}
