import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
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
    }

    /// Handed to the pager and then let go: the app state keeps the one photo list.
    private var library: [LibraryPhoto]
    private let unreadHeaders: Set<String>
    private let sourceName: String
    private let options: Options
    private let environment: [String: String]
    private let feed: FeedSource?
    private let remote: RemoteServices
    /// Share URLs in the order shared, printed to stdout after the terminal is restored.
    private(set) var shares: [String] = []

    init(library: [LibraryPhoto], unreadHeaders: Set<String> = [], sourceName: String, feed: FeedSource?,
         remote: RemoteServices, options: Options, environment: [String: String]) {
        self.library = library
        self.unreadHeaders = unreadHeaders
        self.feed = feed
        self.remote = remote
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

        // Inside tmux with passthrough on, the terminal around tmux is asked and drawn on.
        let tmux = Tmux(environment: environment)
        let passthrough = tmux?.allowsPassthrough == true
        // Replies through tmux take a detour: a little longer before giving up on them.
        let probe = CapabilityProbe(timeout: .milliseconds(passthrough ? 400 : 200))
        let capabilities = try events.probeCapabilities(probe, environment: environment, throughTmux: passthrough)
        let kind = chooseRenderer(capabilities: capabilities, environment: environment,
                                  override: options.renderer?.rawValue, throughTmux: passthrough).renderer
        let explicitCell = options.cellSize
        let pager = try PagerLoop(
            terminal: session, events: events, kind: kind, environment: environment,
            screenLimits: .init(image: capabilities.imagePixelLimit(for: kind), avoidLastRow: kind.scrollsAtLastRow),
            cellSize: { size in explicitCell ?? size.cellPixelSize ?? capabilities.cellPixelSize?.orTypicalCell ?? .typicalCell },
            library: library, unreadHeaders: unreadHeaders, sourceName: sourceName, feed: feed, remote: remote,
            clipboard: options.clipboard, maxPixels: options.maxPixels, memoryBytes: options.memoryMB << 20,
            // kitty reading our files is probed on a kitty we reach directly only.
            answersKittyQueries: capabilities.kittyGraphics && !passthrough,
            throughTmux: passthrough ? tmux : nil,
            notice: tmux.flatMap { passthrough ? nil : Self.passthroughHint($0, environment: environment) })
        library = []
        // Frames go out as the terminal takes them, so a slow terminal never stops the keys.
        try device.setNonBlockingOutput(true)
        defer { try? device.setNonBlockingOutput(false) }
        defer { shares = pager.shares }
        return try pager.run()
    }

    /// Inside tmux without passthrough, images fall back to half-blocks; when the terminal
    /// around tmux looks able to draw sixel, say the one setting that would change that (we
    /// never change the person's tmux options).
    static func passthroughHint(_ tmux: Tmux, environment: [String: String]) -> String? {
        // xterm says "XTerm(379)" of itself, and draws sixel as a VT340.
        let client = (tmux.clientTerminal ?? "").lowercased()
        // Sixel terminals only: through tmux only sixel is drawn so far.
        let drawing = ["wezterm", "foot", "mlterm", "contour", "konsole", "mintty", "xterm("]
        let able = drawing.contains { client.contains($0) } || environment["TERM_PROGRAM"] == "WezTerm"
        return able ? "images: set -g allow-passthrough on in tmux" : nil
    }
}
