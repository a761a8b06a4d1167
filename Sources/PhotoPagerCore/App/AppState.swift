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

        public init(columns: Int, rows: Int, cellPixelSize: PixelSize = .typicalCell,
                    maxImagePixelSize: PixelSize? = nil, imagesAvoidLastRow: Bool = false,
                    playsAnimations: Bool = false) {
            self.columns = max(0, columns)
            self.rows = max(0, rows)
            self.cellPixelSize = cellPixelSize.orTypicalCell
            self.maxImagePixelSize = maxImagePixelSize
            self.imagesAvoidLastRow = imagesAvoidLastRow
            self.playsAnimations = playsAnimations
        }
    }

    /// A one-line message in the status line, until the next key.
    public enum Notice: Sendable, Hashable {
        /// The URL just shared (shown as a link); `copied` tells whether it went to the clipboard.
        case shared(url: String, copied: Bool)
        /// The photo has no web page or file URI to share; `refused` names the scheme of a link
        /// it had that is never shared (e.g. `javascript:`).
        case nothingToShare(refused: String?)
        /// A plain message: a network failure, the rate limit, offline.
        case message(String)
    }

    public internal(set) var photos: [Photo]
    /// Where the photos come from ("Unsplash", a folder name…), for the status line.
    public internal(set) var sourceName: String
    /// `false` with `--no-clipboard`: sharing then never emits `.copyToClipboard` (OSC 52).
    public let clipboardEnabled: Bool
    public internal(set) var screen: Screen

    public internal(set) var mode: Mode = .grid
    /// `i`: the info panel, its rows and the details asked for.
    public internal(set) var info = InfoPanelState()
    /// `?`: the key map over everything.
    public internal(set) var keyMap = KeyMapOverlay()
    public internal(set) var notice: Notice?

    /// Photos whose file header is not read yet (a big folder opens before that).
    public internal(set) var headers: HeaderReads
    /// A remote feed's paging, the API calls left, downloads.
    public internal(set) var remote: RemoteState
    /// `/`: the text typed and every photo, while `photos` holds those that match.
    public internal(set) var filter: PhotoFilter?
    /// A `--sort` waiting for every header (a date sort of a big folder).
    public internal(set) var pendingSort: PhotoSort?
    /// `S`, `--slideshow`: its pace and whether it runs now.
    public internal(set) var slideshow = Slideshow()
    /// What the app remembers between runs (the state file), as last chosen.
    public internal(set) var remembered: Remembered
    /// The photos the person picked, as the output at exit sees them (`exitSelection`).
    public internal(set) var picks = Picks()

    public internal(set) var grid: GridPosition
    /// The pager: its photo, full screen, the zoom.
    public internal(set) var pager: PagerState

    /// The decodes asked of the shell, the photos that failed, the spinner.
    public internal(set) var loads = ImageLoads()
    /// The animations made, the one playing, `a`'s pause.
    public internal(set) var animations = Animations()

    /// A state showing the grid with the first photo selected. Nothing is requested yet: the
    /// first ``update(_:_:)`` (normally `.resize` with the measured size) emits the first decodes.
    public init(photos: [Photo], sourceName: String, clipboardEnabled: Bool = true, screen: Screen,
                feed: FeedStatus? = nil, headersPending: Set<String> = [], remembered: Remembered = Remembered(),
                slideshow: Slideshow = Slideshow(), sort: PhotoSort? = nil) {
        self.slideshow = slideshow
        self.photos = photos
        headers = HeaderReads(pending: headersPending)
        remote = RemoteState(feed: feed)
        self.sourceName = sourceName
        self.clipboardEnabled = clipboardEnabled
        self.screen = screen
        let layout = AppLayout(screen: screen, showsInfoPanel: false, isFullscreen: false)
        self.remembered = remembered
        let gridLayout = GridZoom.layout(chosen: remembered.gridTileWidth, viewportColumns: layout.gridArea.width,
                                         viewportRows: layout.gridArea.height, cellPixelSize: screen.cellPixelSize,
                                         photoCount: photos.count)
        grid = GridPosition(GridListController(layout: gridLayout))
        pager = PagerState(PagerPosition(PagingController(photoCount: photos.count, pageWidth: layout.pagerPhotoArea.width)))
        if let sort { sortNowOrWhenRead(sort) }
    }
}

extension AppState {
    /// Screen areas for the current size and toggles.
    public var layout: AppLayout {
        AppLayout(screen: screen, showsInfoPanel: info.isShown, isFullscreen: pager.isFullscreen,
                  showsFilmstrip: remembered.showsFilmstrip ?? false)
    }

    /// The photo the pager shows (or would show when opened).
    public var pagerIndex: Int { pager.currentIndex }

    /// The photo the person is looking at: the pager's page, or the grid's selection.
    public var currentIndex: Int { mode == .pager ? pager.currentIndex : grid.selectedIndex }

    public var currentPhoto: Photo? {
        photos.indices.contains(currentIndex) ? photos[currentIndex] : nil
    }

    /// What the screen knows about `content`: failures win, then what was asked of the shell.
    public func loadState(of content: ImageContent) -> LoadState {
        loads.state(of: content)
    }
}
