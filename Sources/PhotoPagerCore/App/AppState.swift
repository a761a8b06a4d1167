import PhotoPagerBase

/// Everything the interactive browser shows and remembers, as one value.
///
/// Why a value rather than the controllers themselves: ``PagingController`` and
/// ``GridListController`` are classes, and a state holding them would alias — a copy kept as "the
/// state before this event" would change along with the live one. As a plain value the state is
/// `Equatable` (so `update` emits `.redraw` exactly when something changed, and tests compare whole
/// states), `Sendable` (the shell may hand it to another isolation domain to render), and a copy is a
/// snapshot. The controllers still own the paging and grid math: `update` rebuilds them from
/// ``GridPosition`` / ``PagerPosition`` for the length of one event and writes their results back
/// (see `AppState+Controllers.swift`), so there is one implementation of that math, not two.
///
/// It is seven rooms, each a value whose type keeps its own logic in its own file (``PhotoList``,
/// ``GridPosition``, ``PagerState``, ``Chrome``, ``Images``, ``Session``, and the screen); the
/// `AppState+…` files are the glue for events that reach across rooms (a page turn moves the
/// grid's selection, a header read fails a load).
///
/// Only ``update(_:_:)`` changes a state after it is made: the properties are read-only outside
/// the module.
public struct AppState: Sendable, Equatable {
    public enum Mode: Sendable, Hashable {
        case grid, pager
    }

    /// The terminal: its size in cells and the pixel size of one cell (for image sizes).
    public struct Screen: Sendable, Hashable {
        public var columns: Int
        public var rows: Int
        public var cellPixelSize: PixelSize
        /// The largest image the terminal will draw, if it has a limit (xterm ignores sixel
        /// images over 1000×1000 pixels); a page photo is shrunk and centred to stay within it.
        public var maxImagePixelSize: PixelSize?
        /// Sixel images that reach the last row make xterm scroll the whole screen, so with
        /// sixel a page photo (in fullscreen) stops one row short of the bottom.
        public var imagesAvoidLastRow: Bool
        /// kitty plays an animation's frames itself once it has them: the app starts and stops
        /// it (`.animate`) instead of sending each frame at its time.
        public var playsAnimations: Bool
        /// The terminal draws image heights in whole steps of this many pixels (Konsole's sixel
        /// bands: 6); 1 elsewhere. See ``GridLayout/thumbnailFit(aspectRatio:box:cellPixelSize:heightStep:)``.
        public var imageHeightStep: Int
        /// The terminal places part of an image it holds (kitty): the zoomed photo is held
        /// larger than the view (``ZoomTile``), and a pan places another part of it.
        public var placesImageParts: Bool

        public init(columns: Int, rows: Int, cellPixelSize: PixelSize = .typicalCell,
                    maxImagePixelSize: PixelSize? = nil, imagesAvoidLastRow: Bool = false,
                    playsAnimations: Bool = false, imageHeightStep: Int = 1, placesImageParts: Bool = false) {
            self.columns = max(0, columns)
            self.rows = max(0, rows)
            self.cellPixelSize = cellPixelSize.orTypicalCell
            self.maxImagePixelSize = maxImagePixelSize
            self.imagesAvoidLastRow = imagesAvoidLastRow
            self.playsAnimations = playsAnimations
            self.imageHeightStep = max(1, imageHeightStep)
            self.placesImageParts = placesImageParts
        }
    }

    /// The terminal.
    public internal(set) var screen: Screen
    /// What is browsed: the photos, where from, the filter, the headers, a feed's paging.
    public internal(set) var list: PhotoList
    /// The grid: its layout, scroll and selection.
    public internal(set) var grid: GridPosition
    /// The pager: whether it is open, its photo, full screen, the zoom, the slideshow.
    public internal(set) var pager: PagerState
    /// The info panel, the key map, the status notice.
    public internal(set) var chrome = Chrome()
    /// The decodes asked for and how they went, the animations.
    public internal(set) var images = Images()
    /// The clipboard setting, what is remembered between runs, the picks.
    public internal(set) var session: Session

    /// A state showing the grid with the first photo selected. Nothing is requested yet: the
    /// first ``update(_:_:)`` (normally `.resize` with the measured size) emits the first decodes.
    public init(photos: [Photo], sourceName: String, clipboardEnabled: Bool = true, screen: Screen,
                feed: FeedStatus? = nil, headersPending: Set<String> = [], remembered: Remembered = Remembered(),
                slideshow: Slideshow = Slideshow(), sort: PhotoSort? = nil, printsRated: RatingFilter? = nil) {
        list = PhotoList(photos: photos, sourceName: sourceName, feed: feed, headersPending: headersPending)
        session = Session(clipboardEnabled: clipboardEnabled, remembered: remembered)
        session.printsRated = printsRated
        self.screen = screen
        let layout = AppLayout(screen: screen, showsInfoPanel: false, isFullscreen: false)
        let gridLayout = GridZoom.layout(chosen: remembered.gridTileWidth, viewportColumns: layout.gridArea.width,
                                         viewportRows: layout.gridArea.height, cellPixelSize: screen.cellPixelSize,
                                         photoCount: photos.count)
        grid = GridPosition(GridListController(layout: gridLayout))
        pager = PagerState(PagerPosition(PagingController(photoCount: photos.count, pageWidth: layout.pagerPhotoArea.width)),
                           slideshow: slideshow)
        if let sort { sortNowOrWhenRead(sort) }
    }
}

extension AppState {
    /// Screen areas for the current size and toggles.
    public var layout: AppLayout {
        AppLayout(screen: screen, showsInfoPanel: chrome.info.isShown, isFullscreen: pager.isFullscreen,
                  showsFilmstrip: session.remembered.showsFilmstrip ?? false)
    }

    /// Which of the two the person sees: the pager when it is open, else the grid.
    public var mode: Mode { pager.isOpen ? .pager : .grid }

    /// The photos shown, in order (`list.photos`).
    public var photos: [Photo] { list.photos }

    /// The photo the pager shows (or would show when opened).
    public var pagerIndex: Int { pager.currentIndex }

    /// The photo the person is looking at: the pager's page, or the grid's selection.
    public var currentIndex: Int { mode == .pager ? pager.currentIndex : grid.selectedIndex }

    public var currentPhoto: Photo? {
        photos.indices.contains(currentIndex) ? photos[currentIndex] : nil
    }

    /// What the screen knows about `content`: failures win, then what was asked of the shell.
    public func loadState(of content: ImageContent) -> LoadState {
        images.loads.state(of: content)
    }
}
