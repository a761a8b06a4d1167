import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
import TerminalGraphics
import TerminalIO
import TerminalUI

/// The interactive pager's shell: the one place with side effects. Bytes come in through the
/// event loop, become `AppEvent`s, go through the pure `update`, and the effects it returns are
/// run here; each (paced) frame is built by `AppView` and written by the `FrameWriter`.
final class InteractiveSession {
    struct Options {
        var renderer: RendererKind?
        var cellSize: CellPixelSize?
        var clipboard = true
        var maxPixels = DecodeRequest.defaultMaxPixels
    }

    private let library: [LibraryPhoto]
    private let sourceName: String
    private let options: Options
    private let environment: [String: String]
    /// Share URLs in the order shared, printed to stdout after the terminal is restored.
    private(set) var shares: [String] = []
    private var imageLimit: GridLayout.PixelSize?
    private var avoidLastRow = false

    init(library: [LibraryPhoto], sourceName: String, options: Options, environment: [String: String]) {
        self.library = library
        self.sourceName = sourceName
        self.options = options
        self.environment = environment
    }

    /// Runs until the person quits or a signal ends it; the terminal is restored on every path
    /// (the session's `leave` runs from `defer` and from its `deinit`). Returns the exit status.
    func run(on device: TerminalDevice) throws -> Int32 {
        let signals = try SignalEvents()
        defer { signals.uninstall() }
        let loop = try TerminalEventLoop(device: device, signals: signals)
        let session = TerminalSession(device: device)
        try session.enter()
        defer { session.leave() }

        let capabilities = try loop.probeCapabilities(environment: environment)
        let decision = chooseRenderer(capabilities: capabilities, environment: environment,
                                      override: options.renderer?.rawValue)
        let kind = decision.renderer
        let depth = ColorDepth.detect(environment: environment)
        var size = try device.size()
        var cell = cellPixelSize(size, capabilities)
        var writer = FrameWriter(colorDepth: depth)
        session.extraLeaveBytes = writer.leaveBytes

        let preparer = PhotoPreparer(library: library, kind: kind, colorDepth: depth, cell: cell,
                                     maxPixels: options.maxPixels)
        let waker = loop.waker
        let pipeline = ImagePipeline<ImageContent>(prepare: { try preparer.prepare($0) }, wake: { waker.wake() })
        var decodes = DecodeQueue()

        imageLimit = capabilities.imagePixelLimit(for: kind)
        avoidLastRow = kind.scrollsAtLastRow
        var state = AppState(photos: library.map(\.photo), sourceName: sourceName,
                             clipboardEnabled: options.clipboard, screen: screen(size, cell))
        var pending = update(&state, .resize(screen(size, cell)))
        let clock = ContinuousClock()
        let pacer = FramePacer()
        var lastFrame: ContinuousClock.Instant?
        var dirty = true

        /// The terminal's size may have changed while we were not looking (a resize during
        /// Ctrl-Z reaches only the foreground job; a font zoom changes the cell size too).
        func remeasure() throws -> [Effect] {
            size = try device.size()
            cell = cellPixelSize(size, capabilities)
            preparer.cellSize.withLock { $0 = cell }
            writer.invalidate()
            return update(&state, .resize(screen(size, cell)))
        }

        while true {
            // Run effects (in order; a cached photo answers at once); stop on quit, stop the
            // process on suspend.
            var queue = pending[...]
            pending = []
            while let effect = queue.popFirst() {
                switch effect {
                case .decode(let request) where pipeline.bytes(for: request.content) != nil:
                    queue += update(&state, .photoDecoded(request.content, .decoded))
                case .decode(let request) where pipeline.failure(for: request.content) != nil:
                    let reason = pipeline.failure(for: request.content) ?? ""
                    queue += update(&state, .photoDecoded(request.content, .failed(reason: reason)))
                case .decode(let request): decodes.want(request)
                case .cancelDecodes(let keep): decodes.keep(only: keep)
                case .prefetch: break                 // files are mmapped: nothing to read ahead
                case .copyToClipboard(let text): try? device.write(OSC52.copy(text))
                case .recordShare(let url): shares.append(url)
                case .redraw: dirty = true
                case .quit: return 0
                case .suspend:
                    try session.suspend()
                    queue += try remeasure()
                    dirty = true
                }
            }
            pipeline.submit(decodes.ordered)

            // Draw, at most 60 frames a second.
            var timeout: Duration? = stateNeedsTicks(state) ? .milliseconds(100) : nil
            if dirty {
                switch pacer.decide(now: clock.now, lastFrame: lastFrame) {
                case .drawNow:
                    let frame = AppView.frame(for: state)
                    var evicted: [ImageContent] = []
                    try device.write(writer.render(frame) { content in
                        guard let bytes = pipeline.bytes(for: content) else { evicted.append(content); return nil }
                        return EncodedImage(kind: kind, bytes: bytes)
                    })
                    // Ready but pushed out of the cache meanwhile: prepare again; its completion
                    // brings a redraw.
                    if !evicted.isEmpty { pipeline.submit(evicted + decodes.ordered) }
                    lastFrame = clock.now
                    dirty = false
                    // Once kitty images exist, leaving (quit, signal, Ctrl-Z) must delete them.
                    session.extraLeaveBytes = writer.leaveBytes
                case .drawAt(let instant):
                    let wait = instant - clock.now
                    timeout = timeout.map { min($0, wait) } ?? wait
                }
            }

            for event in try loop.next(timeout: timeout) {
                switch event {
                case .input(let inputs):
                    for input in inputs { pending += update(&state, .input(input)) }
                case .resize:
                    pending += try remeasure()
                case .terminate(let signal):
                    return signal.exitStatus
                case .suspend:
                    pending.append(.suspend)
                case .resumed:
                    try session.resume()
                    pending += try remeasure()
                    dirty = true
                case .wake:
                    dirty = true                      // even a repeat completion may fill a gap
                    for done in pipeline.takeCompletions() {
                        decodes.finished(done.key)
                        pending += update(&state, .photoDecoded(done.key, done.failure.map { .failed(reason: $0) } ?? .decoded))
                    }
                case .timeout:
                    pending += update(&state, .tick)
                }
            }
            dirty = dirty || !pending.isEmpty
        }
    }

    /// The spinner turns while anything is loading; otherwise the loop sleeps until input.
    private func stateNeedsTicks(_ state: AppState) -> Bool {
        state.loads.values.contains(.loading)
    }

    private func screen(_ size: TerminalSize, _ cell: CellPixelSize) -> AppState.Screen {
        AppState.Screen(columns: size.columns, rows: size.rows,
                        cellPixelSize: cell,
                        maxImagePixelSize: imageLimit, imagesAvoidLastRow: avoidLastRow)
    }

    /// `--cell-size`, else what the terminal reports (TIOCGWINSZ pixels, else `CSI 16t`), else 10×20.
    private func cellPixelSize(_ size: TerminalSize, _ capabilities: TerminalCapabilities) -> CellPixelSize {
        if let explicit = options.cellSize { return explicit }
        if let measured = size.cellPixelSize { return measured }      // nil for nonsense reports
        if let reported = capabilities.cellPixelSize, reported.width > 0, reported.height > 0 {
            return reported
        }
        return .typicalCell
    }
}
