import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
import PhotoPagerBase
import TerminalGraphics
import TerminalIO
import TerminalUI

/// The running pager: the one place with side effects. Bytes come in through the event loop,
/// become `AppEvent`s, go through the pure `update`, and the effects it returns are run here;
/// each (paced) frame is built by `AppView` and written by the `FrameWriter`.
///
/// Output is non-blocking: bytes wait in an `OutputQueue` and go out as the terminal takes them,
/// while keys keep being read. A new frame is rendered only once the last one is out, from the
/// newest state, and a sixel in flight that the newest state no longer shows is cut short.
final class PagerLoop {
    /// What the terminal cannot show, whatever the layout would like.
    struct ScreenLimits {
        var image: PixelSize?
        var avoidLastRow: Bool
    }

    // The loop's state is internal, not private, only so its drawing half (PagerLoop+Drawing)
    // can reach it; nothing outside the loop touches it.
    let terminal: PagerTerminal
    private let events: PagerEventSource
    let kind: RendererKind
    private let limits: ScreenLimits
    /// `--cell-size`, else the terminal's report, else 10×20: asked again at every resize.
    private let cellSize: (TerminalSize) -> CellPixelSize
    let preparer: PhotoPreparer
    let pipeline: ImagePipeline<ImageContent>
    let network: NetworkWork
    /// Events asked for later; they arrive through the network's inbox, with its replies.
    private let timer: EventTimer
    /// `d`: originals being saved, and saved (for `--print path` too).
    let originals: SavedOriginals
    /// Reads the headers of a big folder listed by name only; nil when everything was read.
    private let headers: HeaderReader?

    var state: AppState
    var writer: FrameWriter
    var output = OutputQueue()
    /// kitty: transmissions by file once a query proved kitty reads our files; else nil.
    let kittyFiles: KittyFileTransfer?
    var decodes = DecodeQueue()
    private var frames = FrameTimer()
    private var kittyAnimation = KittyAnimation()
    private var pending: [Effect]
    var dirty = true
    let clock = ContinuousClock()
    let pacer = FramePacer()
    var lastFrame: ContinuousClock.Instant?
    /// The frame drawn last.
    var shownFrame: Frame?
    var lastInput: ContinuousClock.Instant
    /// The time between the last two inputs: short while a key is held (auto-repeat).
    var inputGap: Duration = .seconds(1)
    /// Inputs closer than this are a held key: kitty images the terminal does not hold yet wait
    /// (the view's placeholder shows) until the keys stop, instead of each sending megabytes that
    /// the protocol will not let us cut short.
    let repeatGap: Duration
    /// When the transmissions held back during a key repeat are due.
    var heldBackUntil: ContinuousClock.Instant?
    /// Inside tmux with passthrough: graphics are wrapped for the terminal around it, and the
    /// pane's visibility is watched (nil otherwise).
    let tmuxPane: TmuxPaneWatch?
    private let tmux: Tmux?
    /// Ours, handed on to the browser `o` starts.
    let environment: [String: String]
    /// tmux shows another window (or copy mode) over the pane: nothing is drawn until it is back.
    var paneHidden = false
    /// Behind tmux: our pane's top-left cell on the outer terminal, where images are placed from.
    var paneOrigin = (column: 0, row: 0)
    let startedAt: ContinuousClock.Instant
    /// The photos shared or marked, in the order first chosen: for stdout, after a quit (not
    /// after an abort or a signal).
    var picked: [LibraryPhoto] {
        state.exitSelection.compactMap { photo in
            preparer.location(of: photo.id).map { LibraryPhoto(photo: photo, image: $0) }
        }
    }

    init(terminal: PagerTerminal, events: PagerEventSource, kind: RendererKind, environment: [String: String],
         screenLimits: ScreenLimits, cellSize: @escaping (TerminalSize) -> CellPixelSize,
         library: [LibraryPhoto], unreadHeaders: Set<String>, sourceName: String, feed: FeedSource?, remote: RemoteServices,
         clipboard: Bool, maxPixels: Int, memoryBytes: Int, repeatGap: Duration = .milliseconds(50),
         answersKittyQueries: Bool = false, throughTmux: Tmux? = nil, notice: String? = nil,
         originals: SavedOriginals? = nil, slideshow: Slideshow = Slideshow(), startsSlideshow: Bool = false,
         sort: PhotoSort? = nil) throws {
        self.repeatGap = repeatGap
        self.terminal = terminal
        self.events = events
        self.kind = kind
        limits = screenLimits
        self.cellSize = cellSize
        let size = try terminal.size()
        let cell = cellSize(size)
        let colorDepth = ColorDepth.detect(environment: environment)
        let wake = events.wake
        preparer = PhotoPreparer(library: library, kind: kind, colorDepth: colorDepth, environment: environment,
                                 cell: cell, maxPixels: maxPixels, images: remote.images,
                                 thumbnails: remote.cache.map(ThumbnailStore.init), animationBytes: memoryBytes, wake: wake)
        let preparer = preparer
        // Downloads wait on the network, not the cores: about four connections at once.
        let remoteWork = feed != nil || library.contains { $0.image.isRemote }
        pipeline = ImagePipeline(cacheBytes: memoryBytes, workers: remoteWork ? 4 : ParallelRows.cores,
                                 draftKey: { $0.asDraft }, prepare: { try preparer.prepare($0, job: $1) }, wake: wake)
        network = NetworkWork(feed: feed, client: remote.client, preparer: preparer, wake: wake)
        timer = EventTimer(post: { [network] in network.post($0) })
        self.originals = originals ?? SavedOriginals(downloader: remote.downloader)
        headers = unreadHeaders.isEmpty ? nil
            : HeaderReader(library: library, unread: unreadHeaders, workers: ParallelRows.cores, wake: wake)
        writer = FrameWriter(colorDepth: colorDepth)
        let screen = Self.screen(size, cell, screenLimits, kind)
        state = AppState(photos: library.map(\.photo), sourceName: sourceName, clipboardEnabled: clipboard, screen: screen,
                         feed: feed.map { FeedStatus(total: $0.total, hasMore: $0.hasMore) }, headersPending: unreadHeaders,
                         remembered: StateFile.read(environment: environment), slideshow: slideshow, sort: sort)
        pending = PhotoPagerCore.update(&state, .resize(screen))
        // `--slideshow`: as if S were pressed on the first photo.
        if startsSlideshow { pending += PhotoPagerCore.update(&state, .input(.key(.character("S")))) }
        if let notice { pending += PhotoPagerCore.update(&state, .shellMessage(notice)) }
        tmux = throughTmux
        self.environment = environment
        tmuxPane = throughTmux.map { TmuxPaneWatch(tmux: $0, wake: wake) }
        if let pane = tmuxPane?.initial { paneOrigin = (pane.column, pane.row) }
        lastInput = clock.now
        // Only a kitty that answered the capability query can answer the file probe.
        kittyFiles = kind == .kitty && answersKittyQueries ? KittyFileTransfer(environment: environment) : nil
        startedAt = clock.now
        terminal.extraLeaveBytes = leaveBytes
        if let probe = kittyFiles?.probe() { output.append(probe) }
    }

    /// Until quit (0), Ctrl-C (130) or a terminating signal (its usual status).
    func run() throws -> Int32 {
        while true {
            // An animation's next frame, once the terminal has taken the one before.
            if let generation = frames.take(now: clock.now, outputIdle: output.isEmpty) {
                pending += update(.frameDue(generation: generation))
            }
            if let status = try runEffects() { return finishingOutput(status) }
            try flush()
            var timeout = try drawIfDue()
            // Decodes ahead (a page turn's new neighbours, the filmstrip's next thumbnail) wait
            // until the terminal has taken the frame: on two cores they took the CPU from
            // drawing it, and from the terminal reading it.
            pipeline.submit(decodes.ordered(prefetching: output.isEmpty), keeping: Set(state.wantedContents))
            // kitty: an animation shown gets its frames once its first frame is there.
            let animating = kittyAnimation.update(id: kittyAnimation.wanted.flatMap { writer.kittyImageID(of: $0.content) },
                                                  frames: preparer.animations.frames(of:))
            if !animating.isEmpty { output.append(outgoing(animating)) }
            for again in [try pretransmitIfIdle(), frames.timeout(now: clock.now, outputIdle: output.isEmpty)].compactMap({ $0 }) {
                timeout = timeout.map { min($0, again) } ?? again
            }
            for event in try events.next(timeout: timeout, writing: !output.isEmpty) {
                if let status = try handle(event) { return finishingOutput(status) }
            }
            dirty = dirty || !pending.isEmpty
            if dirty { cutStaleSixels() }
        }
    }

    /// Writes what the terminal takes now.
    func flush() throws {
        while !output.isEmpty {
            let written = try terminal.writeSome(output.pending)
            guard written > 0 else { return }
            output.consumed(written)
        }
    }

    /// Before leaving or suspending: sixels in flight are ended at once, the rest (text, a kitty
    /// upload that must be finished) written out, so the terminal is between sequences when the
    /// restore bytes come.
    private func finishOutput() throws {
        writer.forgetImages(drawnBy: output.cut(all: true) { _ in true })
        while !output.isEmpty {
            let bytes = output.pending
            try terminal.write(Array(bytes))
            output.consumed(bytes.count)
        }
    }

    /// Leaving: a terminal that hung up takes nothing more, which must not change the status.
    private func finishingOutput(_ status: Int32) -> Int32 {
        try? finishOutput()
        kittyFiles?.removeLeftovers()
        return status
    }

    /// Runs the pending effects in order (a cached photo answers its decode at once); returns
    /// an exit status on quit. Suspending stops the process inside, until `fg`.
    private func runEffects() throws -> Int32? {
        var queue = pending[...]
        pending = []
        while let effect = queue.popFirst() {
            switch effect {
            case .decode(let request) where pipeline.bytes(for: request.content) != nil:
                queue += update(.photoDecoded(request.content, .decoded))
            case .decode(let request) where pipeline.failure(for: request.content) != nil:
                let reason = pipeline.failure(for: request.content) ?? ""
                queue += update(.photoDecoded(request.content, .failed(reason: reason)))
            case .decode(let request): decodes.want(request)
            case .cancelDecodes(let keep):
                decodes.keep(only: keep)
                preparer.zoomSource.keep(only: keep)
                preparer.animations.keep(only: keep)
            case .readHeaders(let ids): headers?.want(ids)
            case .fetchNextPage: network.fetchNextPage()
            case .trackDownload(let photo): network.trackDownload(photo)
            case .scheduleDetails(let id): timer.after(.milliseconds(400), .detailsDue(photoID: id))
            case .scheduleSlide(let delay, let generation): timer.after(delay, .slideDue(generation: generation))
            case .scheduleFrame(let delay, let generation): frames.schedule(after: delay, generation: generation, now: clock.now)
            case .animate(let content, let playing): kittyAnimation.wanted = (content, playing)
            case .fetchDetails(let id): network.fetchDetails(id)
            case .copyToClipboard(let text): output.append(OSC52.copy(text))
            case .remember(let remembered): StateFile.write(remembered, environment: environment)
            case .saveOriginal(let photo): if let said = saveOriginal(photo) { queue += update(.shellMessage(said)) }
            case .startSearch(let query): network.startSearch(query)
            case .openURL(let url, let id): queue += update(.shellMessage(open(url, photoID: id)))
            case .redraw: dirty = true
            case .repaint:
                writer.invalidate()
                shownFrame = nil
                dirty = true
            case .quit: return ExitStatus.ok
            case .abort: return ExitStatus.aborted
            case .suspend:
                try finishOutput()
                try terminal.suspend()
                queue += try remeasure()
                dirty = true
            }
        }
        return nil
    }

    /// Turns one terminal event into app events; returns an exit status when it ends the run.
    private func handle(_ event: TerminalEvent) throws -> Int32? {
        switch event {
        case .input(let inputs):
            for input in inputs {
                if case .kittyGraphics(let reply) = input, kittyFiles?.answer(reply) == true { continue }
                // kitty lost an image we placed (its quota, another program): send it again.
                if case .kittyGraphics(let reply) = input, reply.message.hasPrefix("ENOENT"),
                   let id = reply.value(forKey: "i").flatMap(UInt32.init), writer.kittyImageLost(id: id) {
                    dirty = true
                    continue
                }
                inputGap = clock.now - lastInput
                lastInput = clock.now
                pending += update(.input(input))
            }
        case .resize:
            pending += try remeasure()
        case .terminate(let signal):
            return signal.exitStatus
        case .suspend:
            pending.append(.suspend)
        case .resumed:
            try terminal.resume()
            pending += try remeasure()
            dirty = true
        case .wake:
            dirty = true                      // even a repeat completion may fill a gap
            if let pane = tmuxPane?.take() { paneChanged(pane) }
            for arrived in network.takeEvents() { pending += update(arrived) }
            if let (read, failed) = headers?.take(), !read.isEmpty || !failed.isEmpty {
                pending += update(.headersRead(read, failed: failed))
            }
            for done in pipeline.takeCompletions() {
                if !done.draft { decodes.finished(done.key) }
                let outcome: DecodeOutcome = done.failure.map { done.mayPass ? .unavailable(reason: $0) : .failed(reason: $0) }
                    ?? (done.draft ? .drafted : .decoded)
                pending += update(.photoDecoded(done.key, outcome))
            }
            for (content, delays) in preparer.animations.takeReady() {
                pending += update(.animationReady(content, delays: delays))
            }
        case .writable:
            break                             // the next turn of the loop writes more
        case .timeout:
            pending += update(.tick)
            if let id = state.currentPhoto?.id, let progress = preparer.downloads.progress(of: id) {
                pending += update(.downloadProgress(photoID: id, received: progress.received, total: progress.total))
            }
        }
        return nil
    }

    /// tmux hid the pane (another window, copy mode): kitty placements, which tmux cannot paint
    /// over, are deleted and nothing is drawn. Shown again, or moved (a split, the status line):
    /// tmux has repainted the pane from its text, so everything is drawn anew, at the new place.
    private func paneChanged(_ pane: Tmux.PaneState) {
        if !pane.shown, !paneHidden, kind == .kitty {
            // Copy mode: the pane is still shown, tmux passes the deletion on. Another window:
            // it passes nothing from a hidden pane, so the deletion goes to its terminals itself.
            let deletions = writer.placementDeletions
            output.append(outgoing(deletions))
            tmux?.sendToClients(deletions)
        }
        paneHidden = !pane.shown
        paneOrigin = (pane.column, pane.row)
        writer.invalidate()
        shownFrame = nil
    }

    /// The terminal's size may have changed while we were not looking (a resize during Ctrl-Z
    /// reaches only the foreground job; a font zoom changes the cell size too).
    private func remeasure() throws -> [Effect] {
        let size = try terminal.size()
        let cell = cellSize(size)
        preparer.cellSize.withLock { $0 = cell }
        writer.invalidate()
        shownFrame = nil
        return update(.resize(Self.screen(size, cell, limits, kind)))
    }

    private func update(_ event: AppEvent) -> [Effect] {
        PhotoPagerCore.update(&state, event)
    }

    /// kitty plays animations handed to it.
    private static func screen(_ size: TerminalSize, _ cell: CellPixelSize, _ limits: ScreenLimits,
                               _ kind: RendererKind) -> AppState.Screen {
        AppState.Screen(columns: size.columns, rows: size.rows, cellPixelSize: cell,
                        maxImagePixelSize: limits.image, imagesAvoidLastRow: limits.avoidLastRow,
                        playsAnimations: kind == .kitty)
    }
}
