import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
import PhotoPagerBase
import TerminalGraphics
import TerminalIO

/// The interactive pager's set-up and tear-down: signals, the terminal session (restored on
/// every exit path), the capability probe and the renderer choice. The running loop itself is
/// `PagerLoop`.
final class InteractiveSession {
    struct Options {
        var renderer: RendererKind?
        var cellSize: CellPixelSize?
        var clipboard = true
        var maxPixels = DecodeRequest.defaultMaxPixels
        var memoryMB = 48
        /// Its pace and looping; `startsSlideshow`: the pager opens on the first photo with it running.
        var slideshow = Slideshow()
        var startsSlideshow = false
        var sort: PhotoSort?
        var printsRated: RatingFilter?
        /// `key_handler` of the config; `print0`: its stdin NUL-separated.
        var keyHandler: String?
        var print0 = false
    }

    /// Handed to the pager and then let go: the app state keeps the one photo list.
    private var library: [LibraryPhoto]
    private let unreadHeaders: Set<String>
    private let rest: ListingRest?
    private let sourceName: String
    private let options: Options
    private let environment: [String: String]
    private let source: (any PhotoSource)?
    private let remote: RemoteServices
    /// `d`'s downloads, which outlive the UI (`--print path`, finishing after `q`).
    let originals: SavedOriginals
    /// The photos shared or marked, in the order first chosen, for stdout after the terminal
    /// is restored.
    private(set) var picked: [LibraryPhoto] = []

    init(library: [LibraryPhoto], unreadHeaders: Set<String> = [], rest: ListingRest? = nil, sourceName: String, source: (any PhotoSource)?,
         remote: RemoteServices, options: Options, environment: [String: String]) {
        self.library = library
        self.unreadHeaders = unreadHeaders
        self.rest = rest
        self.source = source
        self.remote = remote
        originals = SavedOriginals(downloader: remote.downloader(for: source))
        self.sourceName = sourceName
        self.options = options
        self.environment = environment
    }

    /// Runs until the person quits or a signal ends it; the terminal is restored on every path
    /// (the session's `leave` runs from `defer` and from its `deinit`). Returns the exit status.
    func run(on device: TerminalDevice) throws -> Int32 {
        let signals = try SignalEvents()
        defer { signals.uninstall() }
        let events = try TerminalEventLoop(device: device, signals: signals)
        let session = TerminalSession(device: device)
        try session.enter()
        defer { session.leave() }

        let probed = try ProbedTerminal.probe(environment: environment) { probe, throughTmux in
            try events.probeCapabilities(probe, environment: environment, throughTmux: throughTmux)
        }
        // Built in the call, not kept in a local: the loop takes what it needs, and the listing
        // must go with `library` (10,000 photos are megabytes held for the whole run).
        let pager = try PagerLoop(terminal: session, events: events, configuration: configuration(for: probed))
        library = []
        // Frames go out as the terminal takes them, so a slow terminal never stops the keys.
        try device.setNonBlockingOutput(true)
        defer { try? device.setNonBlockingOutput(false) }
        defer { picked = pager.picked }
        let restoreStderr = Platform.silenceTerminalStderr()
        defer { restoreStderr() }
        return try pager.run()
    }

    /// The pager's configuration for the terminal probed: the renderer and its limits, and the
    /// flags.
    private func configuration(for probed: ProbedTerminal) -> PagerConfiguration {
        let capabilities = probed.capabilities, passthrough = probed.throughTmux
        let decision = probed.decision(environment: environment, override: options.renderer?.rawValue)
        let kind = decision.renderer
        let explicitCell = options.cellSize
        var configuration = PagerConfiguration(
            kind: kind, environment: environment,
            screenLimits: .init(image: decision.imagePixelLimit, avoidLastRow: kind.scrollsAtLastRow,
                                playsAnimations: decision.playsAnimations, imagesOnOwnLayer: decision.imagesOnOwnLayer,
                                placesImageParts: decision.placesImageParts),
            cellSize: { size in explicitCell ?? size.cellPixelSize ?? capabilities.cellPixelSize?.orTypicalCell ?? .typicalCell },
            library: library, unreadHeaders: unreadHeaders, sourceName: sourceName, source: source, remote: remote,
            originals: originals)
        configuration.rest = rest
        configuration.clipboard = options.clipboard
        configuration.maxPixels = options.maxPixels
        configuration.memoryBytes = options.memoryMB << 20
        // kitty reading our files is probed on a kitty we reach directly only.
        configuration.answersKittyQueries = capabilities.kittyGraphics && !passthrough
        configuration.terminalVersion = capabilities.version
        configuration.throughTmux = passthrough ? probed.tmux : nil
        configuration.notice = probed.passthroughHint(environment: environment)
        configuration.slideshow = options.slideshow
        configuration.startsSlideshow = options.startsSlideshow
        configuration.sort = options.sort
        configuration.printsRated = options.printsRated
        configuration.keyHandler = KeyHandlerRun(configured: options.keyHandler, nulSeparated: options.print0, environment: environment)
        return configuration
    }
}
