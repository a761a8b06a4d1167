import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore
import TerminalGraphics
import TerminalIO

/// Everything the pager loop is started with, resolved from the invocation and the terminal's
/// probe: what to show, how the terminal draws, and the limits to keep.
struct PagerConfiguration {
    /// What the terminal cannot show, whatever the layout would like.
    struct ScreenLimits {
        var image: PixelSize?
        var avoidLastRow: Bool
        var playsAnimations = false
        /// Images stay on screen under text until cleared (`RendererDecision.imagesOnOwnLayer`).
        var imagesOnOwnLayer = false
        /// The terminal places part of an image (`RendererDecision.placesImageParts`).
        var placesImageParts = false
    }

    var kind: RendererKind
    var environment: [String: String]
    var screenLimits: ScreenLimits
    /// `--cell-size`, else the terminal's report, else 10×20: asked again at every resize.
    var cellSize: (TerminalSize) -> CellPixelSize

    /// The photos, and the ids of those listed by name only (their headers read as needed).
    var library: [LibraryPhoto]
    var unreadHeaders: Set<String> = []
    /// The rest of a long folder listing, made while the pager runs.
    var rest: ListingRest?
    var sourceName: String
    /// The source paged through, when the photos come from one (a feed).
    var source: (any PhotoSource)?
    var remote: RemoteServices
    /// `d`'s downloads, which outlive the loop (`--print path`, finishing after `q`).
    var originals: SavedOriginals?

    var clipboard = true
    var maxPixels = DecodeRequest.defaultMaxPixels
    /// The memory for prepared images and animations.
    var memoryBytes = 48 << 20
    /// Inputs closer than this are a held key (kitty holds back transmissions meanwhile).
    var repeatGap: Duration = .milliseconds(50)
    /// kitty answered the capability query directly (not through tmux): it can answer the
    /// file-transfer probe.
    var answersKittyQueries = false
    /// Behind tmux with passthrough.
    var throughTmux: Tmux?
    /// A line for the status bar at the start.
    var notice: String?
    var slideshow = Slideshow()
    /// `--slideshow`: the pager opens on the first photo with it running.
    var startsSlideshow = false
    var sort: PhotoSort?
    /// XTVERSION (`kitty(0.26.5)`): whether `Y` can go through the terminal.
    var terminalVersion: String?
    /// Ctrl-X then a key: the person's key handler.
    var keyHandler = KeyHandlerRun(configured: nil, nulSeparated: false, environment: [:])
    /// `--print` with `--min-rating`/`--rejected`: the rated photos printed at exit.
    var printsRated: RatingFilter?
    var clock = PagerClock.continuous
}

extension PagerConfiguration {
    /// The app at the start, on `screen`: the photos, with what the flags ask for (a slideshow
    /// running, a notice on the status line), and the effects that brings.
    func startingState(on screen: AppState.Screen) -> (AppState, [Effect]) {
        var state = AppState(photos: library.map(\.photo), sourceName: sourceName, clipboardEnabled: clipboard, screen: screen,
                             feed: source.map { FeedStatus(service: $0.service, capabilities: $0.capabilities, total: $0.total, hasMore: $0.hasMore) }, headersPending: unreadHeaders,
                             remembered: StateFile.read(environment: environment), slideshow: slideshow, sort: sort,
                             printsRated: printsRated)
        var effects = update(&state, .resize(screen))
        // `--slideshow`: as if S were pressed on the first photo.
        if startsSlideshow { effects += update(&state, .input(.key(.character("S")))) }
        if let notice { effects += update(&state, .shellMessage(notice)) }
        return (state, effects)
    }
}

extension PagerConfiguration.ScreenLimits {
    /// The app's screen on a terminal of `size` with cells of `cell`. A terminal with images on
    /// their own layer (Konsole) draws a sixel's height in whole bands of 6 pixels.
    ///
    /// A zoomed pan places part of a region held by kitty only once kitty reads our pixels from
    /// files (`kittyReadsFiles`, on the same machine): inline, the region (twice the view each
    /// way) is four times the bytes, 15 MB at 120×40 cells, and a zoom step took 1 s, not 0.25.
    func screen(_ size: TerminalSize, _ cell: CellPixelSize, kittyReadsFiles: Bool) -> AppState.Screen {
        AppState.Screen(columns: size.columns, rows: size.rows, cellPixelSize: cell, maxImagePixelSize: image,
                        imagesAvoidLastRow: avoidLastRow, playsAnimations: playsAnimations,
                        imageHeightStep: imagesOnOwnLayer ? 6 : 1, placesImageParts: placesImageParts && kittyReadsFiles)
    }
}
