import Culling
import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore
import TerminalGraphics
import TerminalIO
import TerminalUI

/// The running pager: the one place with side effects. Bytes come in through the event loop,
/// become `AppEvent`s, go through the pure `update`, and the effects it returns are run here;
/// each (paced) frame is built by `AppView` and handed to the output.
///
/// The loop only decides: what each effect means, and when a frame is due. Its helpers own
/// the rest: `PagerOutput` the way to the terminal, `ImageWork` the photos being prepared,
/// `KittyUploadPolicy` when kitty transmissions go, `NetworkWork` and `HeaderReader` the work
/// off the input thread. Every deadline is read from the clock it is given.
final class PagerLoop {
    private let terminal: PagerTerminal
    private let events: PagerEventSource
    private let kind: RendererKind
    private let limits: PagerConfiguration.ScreenLimits
    private let cellSize: (TerminalSize) -> CellPixelSize
    private let clock: PagerClock
    private let preparer: PhotoPreparer
    private let images: ImageWork
    private let network: NetworkWork
    private let culling: CullingWork
    private let keyHandler: KeyHandlerRun
    /// Reads the headers of a big folder listed by name only; nil when everything was read.
    private let headers: HeaderReader?
    /// The rest of a long folder listing, being made; nil when everything was listed.
    private let listing: ListingStream?
    private let handoff: PhotoHandoff
    private let environment: [String: String]
    private let output: PagerOutput
    /// Inside tmux with passthrough: the pane's visibility and place, watched (nil otherwise).
    private let tmuxPane: TmuxPaneWatch?

    private var state: AppState
    private var pending: [Effect]
    /// The state changed since the last frame.
    private var dirty = true
    private var scheduled = ScheduledEvents()
    private var frames = FrameTimer()
    private var kittyAnimation = KittyAnimation()
    private var kittyUploads: KittyUploadPolicy
    private let pacer = FramePacer()
    private var lastFrame: PagerClock.Instant?
    private var link: SlowLink
    /// The frame drawn last.
    private var shownFrame: Frame?

    init(terminal: PagerTerminal, events: PagerEventSource, configuration config: PagerConfiguration) throws {
        self.terminal = terminal
        self.events = events
        environment = config.environment
        kind = config.kind
        limits = config.screenLimits
        cellSize = config.cellSize
        clock = config.clock
        let size = try terminal.size().orDefault(environment: config.environment)
        let cell = cellSize(size)
        let colorDepth = ColorDepth.detect(environment: config.environment)
        let wake = events.wake
        let preparer = PhotoPreparer(library: config.library, kind: kind, colorDepth: colorDepth, environment: config.environment,
                                     cell: cell, maxPixels: config.maxPixels, images: config.source?.images ?? config.remote.images,
                                     thumbnails: config.remote.cache.map(ThumbnailStore.init),
                                     animationBytes: config.memoryBytes, wake: wake)
        self.preparer = preparer
        images = ImageWork(preparer: preparer, remoteWork: config.source != nil || config.library.contains { $0.image.isRemote },
                           memoryBytes: config.memoryBytes, wake: wake)
        // Unsplash answers for its photos however they were listed.
        network = NetworkWork(source: config.source, service: config.source ?? config.remote.client, preparer: preparer, wake: wake)
        culling = CullingWork(store: RatingStore(environment: config.environment),
                              trash: PhotoTrash(trash: FreedesktopTrash(environment: config.environment)),
                              source: { [network] in network.currentSource }, post: { [network] in network.post($0) })
        keyHandler = config.keyHandler
        handoff = PhotoHandoff(locate: preparer.location(of:),
                               originals: config.originals ?? SavedOriginals(downloader: config.remote.downloader(for: config.source)),
                               environment: config.environment, post: { [network] in network.post($0) },
                               clipboard: ImageClipboard(terminalVersion: config.terminalVersion, throughTmux: config.throughTmux != nil,
                                                         environment: config.environment),
                               pixels: { [preparer] photo in try preparer.fullImage(photo, maxSide: ImageClipboard.maxSide) })
        let imagesBusy = images.busy
        headers = config.unreadHeaders.isEmpty && config.rest == nil ? nil
            : HeaderReader(library: config.library, unread: config.unreadHeaders, workers: ParallelRows.cores,
                           imagesBusy: imagesBusy, wake: wake)
        listing = config.rest.map { ListingStream($0, imagesBusy: imagesBusy, wake: wake) }
        tmuxPane = config.throughTmux.map { TmuxPaneWatch(tmux: $0, wake: wake) }
        let clock = config.clock
        output = PagerOutput(terminal: terminal, kind: kind, colorDepth: colorDepth, imagesOnOwnLayer: limits.imagesOnOwnLayer,
                             now: { clock.now() },
                             probesKittyFiles: config.answersKittyQueries,
                             environment: config.environment, tmux: config.throughTmux,
                             paneOrigin: tmuxPane.map { ($0.initial.column, $0.initial.row) } ?? (0, 0),
                             cellHeight: { preparer.cellSize.withLock { $0.height } })
        kittyUploads = KittyUploadPolicy(kitty: kind == .kitty, repeatGap: config.repeatGap, now: clock.now())
        link = SlowLink(kind: kind, environment: config.environment)
        (state, pending) = config.startingState(on: limits.screen(size, cell, kittyReadsFiles: output.kittyReadsFiles))
    }

    /// The photos shared or marked, in the order first chosen: for stdout, after a quit (not
    /// after an abort or a signal).
    var picked: [LibraryPhoto] {
        state.exitSelection.compactMap { photo in
            preparer.location(of: photo.id).map { LibraryPhoto(photo: photo, image: $0) }
        }
    }

    /// Whether work off the loop's thread (images, headers, network, downloads) is under way;
    /// each wakes the loop when it finishes. Callable from any thread (tests wait for quiet on it).
    var workInFlight: @Sendable () -> Bool {
        let busy = images.busy, network = network, headers = headers, listing = listing, originals = handoff.originals, culling = culling
        let copies = handoff.copies
        return {
            busy() || network.isBusy || headers?.isBusy == true || listing?.isBusy == true || originals.isBusy || culling.isBusy
                || copies.withLock { $0 > 0 }
        }
    }

    /// Until quit (0), Ctrl-C (130) or a terminating signal (its usual status).
    func run() throws -> Int32 {
        while true {
            let now = clock.now()
            // An animation's next frame, once the terminal has taken the one before.
            if let generation = frames.take(now: now, outputIdle: output.isIdle) {
                pending += update(.frameDue(generation: generation))
            }
            for event in scheduled.takeDue(now: now) { pending += update(event) }
            if let status = try runEffects() { return finishing(status) }
            try output.flush()
            measureLink()
            var timeout = try drawIfDue()
            // Decodes ahead (a page turn's new neighbours, the filmstrip's next thumbnail) wait
            // until the terminal has taken the frame: on two cores they took the CPU from
            // drawing it, and from the terminal reading it.
            images.start(prefetching: output.isIdle, keeping: Set(state.wantedContents))
            // kitty: an animation shown gets its frames once its first frame is there.
            let animating = kittyAnimation.update(id: kittyAnimation.wanted.flatMap { output.kittyImageID(of: $0.content) },
                                                  frames: images.animationFrames(of:))
            if !animating.isEmpty { output.send(animating) }
            let later = [try sendAheadIfRested(), frames.timeout(now: clock.now(), outputIdle: output.isIdle),
                         scheduled.timeout(now: clock.now()), sharpenIfRested(), headers?.due(now: clock.now())]
            for again in later.compactMap({ $0 }) { timeout = timeout.map { min($0, again) } ?? again }
            for event in try events.next(timeout: timeout, writing: !output.isIdle) {
                if let status = try handle(event) { return finishing(status) }
            }
            dirty = dirty || !pending.isEmpty
            if dirty { output.cutSixels(notIn: AppView.frame(for: state).images) }
        }
    }

    /// Leaving: what is in flight is ended or written, kitty's files removed.
    private func finishing(_ status: Int32) -> Int32 {
        output.close()
        return status
    }

    /// Runs the pending effects in order (a cached photo answers its decode at once); returns
    /// an exit status on quit. Suspending stops the process inside, until `fg`.
    private func runEffects() throws -> Int32? {
        var queue = pending[...]
        pending = []
        while let effect = queue.popFirst() {
            switch effect {
            case .decode(let request): if let answer = images.want(request) { queue += update(answer) }
            case .cancelDecodes(let keep): images.keep(only: keep)
            case .readHeaders(let ids): headers?.want(ids)
            case .fetchNextPage: network.fetchNextPage()
            case .trackDownload(let photo): network.trackDownload(photo)
            case .scheduleDetails(let id): scheduled.schedule(.detailsDue(photoID: id), after: .milliseconds(400), now: clock.now())
            case .scheduleSlide(let delay, let generation): scheduled.schedule(.slideDue(generation: generation), after: delay, now: clock.now())
            case .scheduleFrame(let delay, let generation): frames.schedule(after: delay, generation: generation, now: clock.now())
            case .animate(let content, let playing): kittyAnimation.wanted = (content, playing)
            case .fetchDetails(let id): network.fetchDetails(id)
            case .setFavourite(let id, let favourite): network.setFavourite(favourite, photoID: id)
            case .makePublicLink(let id): network.makePublicLink(photoID: id)
            case .writeRatings(let changes): culling.write(changes)
            case .turnPhotos(let changes): culling.turn(changes)
            case .runKeyHandler(let key, let photos):
                // Its screen until it ends: ours is restored, then taken again and drawn anew.
                try output.finish()
                let outcome = try keyHandler.run(key: key, photos: photos) { body in try terminal.lend(body) }
                queue += update(.keyHandlerFinished(outcome))
                queue += try remeasure()
                dirty = true
            case .trashPhotos(let photos): culling.trash(photos)
            case .restorePhotos(let photos): culling.restore(photos)
            case .copyToClipboard(let text): output.sendToNearest(OSC52.copy(text))
            case .copyImage(let photo): handoff.copyImage(photo)
            case .sendToTerminal(let bytes): output.send(bytes)
            case .remember(let remembered): StateFile.write(remembered, environment: environment)
            case .saveOriginal(let photo): if let said = handoff.saveOriginal(photo) { queue += update(.shellMessage(said)) }
            case .startSearch(let query): network.startSearch(query)
            case .openURL(let url, let id): queue += update(.shellMessage(handoff.open(url, photoID: id)))
            case .redraw: dirty = true
            case .repaint:
                redrawAll()
                dirty = true
            case .quit: return ExitStatus.ok
            case .abort: return ExitStatus.aborted
            case .suspend:
                try output.finish()
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
                if case .kittyGraphics(let reply) = input {
                    switch output.take(reply) {
                    case .fileProbe:
                        // Now a zoomed pan may place part of a region kitty holds.
                        if output.kittyReadsFiles, limits.placesImageParts {
                            var screen = state.screen
                            screen.placesImageParts = true
                            pending += update(.resize(screen))
                        }
                        continue
                    case .lostImage: dirty = true; continue
                    case .other: break
                    }
                }
                kittyUploads.inputArrived(at: clock.now())
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
            // tmux hid, showed or moved the pane: nothing is drawn while hidden, everything anew after.
            if let pane = tmuxPane?.take() { output.paneChanged(pane); shownFrame = nil }
            for arrived in network.takeEvents() { pending += update(arrived) }
            takeHeaders()
            for finished in images.takeFinished() { pending += update(finished) }
            takeListed()
        case .writable:
            break                             // the next turn of the loop writes more
        case .timeout:
            takeHeaders()
            takeListed()
            pending += update(.tick)
            if let id = state.currentPhoto?.id, let progress = preparer.downloads.progress(of: id) {
                pending += update(.downloadProgress(photoID: id, received: progress.received, total: progress.total))
            }
        }
        return nil
    }

    /// Draws a frame if one is due (at most 60 a second, and only once the last one is out);
    /// returns how long the event loop may wait: until the next allowed frame, the next spinner
    /// tick, or (nil) the next event.
    private func drawIfDue() throws -> Duration? {
        let now = clock.now()
        // The spinner turns while anything is loading; otherwise the loop sleeps until input.
        var timeout: Duration? = state.images.loads.anyLoading ? .milliseconds(100) : nil
        switch kittyUploads.release(now: now) {
        case (true, _): dirty = true
        case (false, let wait?): timeout = min(timeout ?? .seconds(1), wait)
        case (false, nil): break
        }
        guard dirty, output.isIdle, !output.paneHidden else { return timeout }
        switch pacer.decide(now: now, lastFrame: lastFrame) {
        case .drawNow:
            var frame = AppView.frame(for: state)
            // A page turn's photo before its filmstrip (kitty places thumbnails for a few bytes).
            let stripFollows = kind == .kitty ? nil : PhotoFirst.frame(frame, previous: shownFrame, strip: state.layout.filmstrip)
            if let stripFollows { frame = stripFollows }
            shownFrame = frame
            let waitUntil = kittyUploads.transmissionsWait(now: now, probePending: output.kittyFilesProbePending)
            let held = waitUntil == nil ? [] : Set(frame.images.map(\.content).filter(output.holdsKittyImage(of:)))
            var heldBack = false, evicted: [ImageContent] = []
            output.draw(frame) { content in
                if waitUntil != nil && !held.contains(content) { heldBack = true; return nil }
                return images.image(for: content, evicted: &evicted)
            }
            if heldBack, let waitUntil {
                // Woken then, whatever else happens (or does not) meanwhile.
                kittyUploads.heldBack(until: waitUntil)
                timeout = min(timeout ?? .seconds(1), waitUntil - now)
            }
            try output.flush()
            images.prepareAgain(evicted, keeping: Set(state.wantedContents))
            lastFrame = now
            dirty = stripFollows != nil
        case .drawAt(let instant):
            let wait = instant - now
            timeout = timeout.map { min($0, wait) } ?? wait
        }
        return timeout
    }

    /// kitty: while the person looks at a photo (no input for a moment, nothing to draw), one
    /// prepared neighbour at a time goes to the terminal as a hidden image, so the page turn to it
    /// is a placement of a few bytes. One upload at a time, only when nothing else is being
    /// written: a key waits at most for the one being written, and no frame is ever written
    /// inside an upload. Returns when to look again.
    private func sendAheadIfRested() throws -> Duration? {
        guard !dirty, output.isIdle, state.mode == .pager, var rest = kittyUploads.restLeft(now: clock.now()) else { return nil }
        let neighbours = state.neighbourContents
        guard neighbours.contains(where: { !output.holdsKittyImage(of: $0) }) else { return nil }
        // Over a slow link an upload is long and cannot be cut: it waits for a real pause.
        if link.isSlow { rest = restLeft(SlowLink.restBeforeSendingAhead) }
        guard rest == .zero else { return rest }
        // Not prepared yet: its completion wakes the loop.
        guard output.sendAhead(neighbours, prepared: images.prepared) else { return nil }
        try output.flush()
        return .zero
    }

    /// More of a long listing, as `ListingStream` hands it over.
    private func takeListed() {
        guard let listed = listing?.take(imagesBusy: images.busy(), now: clock.now()), !listed.isEmpty else { return }
        preparer.add(listed)
        headers?.add(listed, unread: Set(listed.map(\.photo.id)))
        pending += update(.photosListed(listed.map(\.photo)))
    }

    /// Headers read: those the screen asked for at once, the sweep's every `HeaderReader.gap`.
    private func takeHeaders() {
        guard let (read, failed) = headers?.take(now: clock.now()) else { return }
        pending += update(.headersRead(read, failed: failed))
    }

    /// kitty and iTerm2 scale an image to its cells: over a slow link a page photo goes out with
    /// the pixels that take ~200 ms (`SlowLink`), and sharper once the person rests on it.
    private func measureLink() {
        let screen = state.screen, cell = screen.cellPixelSize
        let screenPixels = screen.columns * cell.width * screen.rows * cell.height
        if let changed = link.measured(output.linkBytesPerSecond, screenPixels: screenPixels) { pending += update(changed) }
    }

    /// Over a slow link: once no key came for a while and the output has been quiet, the page
    /// photo goes out sharper, in the same box. Returns when to look again.
    private func sharpenIfRested() -> Duration? {
        guard link.isSlow, state.mode == .pager, let id = state.currentPhoto?.id, state.images.sharpPhoto != id,
              output.isIdle, !dirty else { return nil }
        let wait = restLeft(SlowLink.restBeforeSharp)
        guard wait == .zero else { return wait }
        pending += update(.linkRested)
        return .zero
    }

    private func restLeft(_ rest: Duration) -> Duration {
        link.restLeft(rest, now: clock.now(), lastInput: kittyUploads.lastInput, outputIdleSince: output.idleSince)
    }

    /// The terminal's size may have changed while we were not looking (a resize during Ctrl-Z
    /// reaches only the foreground job; a font zoom changes the cell size too).
    private func remeasure() throws -> [Effect] {
        let size = try terminal.size().orDefault(environment: environment)
        let cell = cellSize(size)
        preparer.cellSize.withLock { $0 = cell }
        redrawAll()
        return update(.resize(limits.screen(size, cell, kittyReadsFiles: output.kittyReadsFiles)))
    }

    /// The screen is not what was drawn last: the next frame draws everything.
    private func redrawAll() {
        output.invalidate()
        shownFrame = nil
    }

    private func update(_ event: AppEvent) -> [Effect] {
        PhotoPagerCore.update(&state, event)
    }
}
