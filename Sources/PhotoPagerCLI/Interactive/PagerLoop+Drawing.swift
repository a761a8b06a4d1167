import PhotoPagerCore
import PhotoPagerBase
import TerminalGraphics
import TerminalUI

/// Drawing: when a frame is due and what it holds, what goes to the terminal around it
/// (kitty files, tmux's passthrough), sending kitty images ahead while idle, and cutting
/// sixels the newest state no longer shows.
extension PagerLoop {
    /// A sixel still being written that the newest state no longer shows in its box (the page
    /// turned again) is cut short; the frame after shows the newest photo sooner.
    func cutStaleSixels() {
        guard output.hasUnfinishedSixels else { return }
        let shown = AppView.frame(for: state).images
        let cut = output.cut { sixel in !shown.contains { $0.content == sixel.content && $0.rect == sixel.rect } }
        writer.forgetImages(drawnBy: cut)
    }

    /// Draws a frame if one is due (at most 60 a second, and only once the last one is out);
    /// returns how long the event loop may wait: until the next allowed frame, the next spinner
    /// tick, or (nil) the next event.
    func drawIfDue() throws -> Duration? {
        // The spinner turns while anything is loading; otherwise the loop sleeps until input.
        var timeout: Duration? = state.loads.values.contains(.loading) ? .milliseconds(100) : nil
        if let due = heldBackUntil {
            if clock.now >= due { heldBackUntil = nil; dirty = true } else { timeout = min(timeout ?? .seconds(1), due - clock.now) }
        }
        guard dirty, output.isEmpty, !paneHidden else { return timeout }
        switch pacer.decide(now: clock.now, lastFrame: lastFrame) {
        case .drawNow:
            var evicted: [ImageContent] = []
            var frame = AppView.frame(for: state)
            // A page turn's photo before its filmstrip (kitty places thumbnails for a few bytes).
            let stripFollows = kind == .kitty ? nil : PhotoFirst.frame(frame, previous: shownFrame, strip: state.layout.filmstrip)
            if let stripFollows { frame = stripFollows }
            shownFrame = frame
            let holdBack = transmissionsWaitUntil != nil
            let held = holdBack ? Set(frame.images.map(\.content).filter(writer.holdsKittyImage(of:))) : []
            var heldBack = false
            let rendered = writer.renderFrame(frame) { content in
                if holdBack && !held.contains(content) { heldBack = true; return nil }
                if let frame = preparer.animations.bytes(for: content) { return EncodedImage(kind: kind, bytes: frame) }
                guard let bytes = pipeline.bytes(for: content) else { evicted.append(content); return nil }
                return EncodedImage(kind: kind, bytes: bytes)
            }
            output.append(outgoing(rendered))
            if heldBack { heldBackUntil = transmissionsWaitUntil }
            try flush()
            // Ready but pushed out of the cache meanwhile: prepare again; its completion brings
            // a redraw. A draft pushed out is not made again: its job is still running.
            evicted.removeAll(where: \.isDraft)
            if !evicted.isEmpty { pipeline.submit(evicted + decodes.ordered, keeping: Set(state.wantedContents)) }
            lastFrame = clock.now
            dirty = stripFollows != nil
            // Once kitty images exist, leaving (quit, signal, Ctrl-Z) must delete them.
            terminal.extraLeaveBytes = leaveBytes
        case .drawAt(let instant):
            let wait = instant - clock.now
            timeout = timeout.map { min($0, wait) } ?? wait
        }
        return timeout
    }

    /// Everything the loop sends goes through here: kitty transmissions moved into files once
    /// kitty reads ours, graphics wrapped for tmux's passthrough when we are behind it.
    func outgoing(_ frame: RenderedFrame) -> RenderedFrame {
        var frame = frame
        if let kittyFiles { frame.bytes = kittyFiles.rewrite(frame.bytes) }   // kitty frames hold no sixels
        guard tmuxPane != nil else { return frame }
        return TmuxPassthrough.frame(frame, cellHeight: preparer.cellSize.withLock { $0.height }, origin: paneOrigin)
    }

    func outgoing(_ bytes: [UInt8]) -> [UInt8] { outgoing(RenderedFrame(bytes: bytes)).bytes }

    /// What leaving must send after the restore: kitty's deletions, through tmux when behind it.
    var leaveBytes: [UInt8] { outgoing(writer.leaveBytes) }

    /// kitty: until when new transmissions wait (nil: they go now) — while a key is held, and
    /// for the short while kitty takes to answer whether it reads our files (so the first
    /// thumbnails need not go inline).
    private var transmissionsWaitUntil: ContinuousClock.Instant? {
        guard kind == .kitty else { return nil }
        var until: ContinuousClock.Instant?
        if inputGap < repeatGap, clock.now - lastInput < repeatGap { until = lastInput + repeatGap }
        if let kittyFiles, !kittyFiles.answered, clock.now - startedAt < Self.fileProbeWait {
            until = max(until ?? startedAt, startedAt + Self.fileProbeWait)
        }
        return until
    }

    /// kitty answers a query within milliseconds locally; one that has not in this long never will.
    static let fileProbeWait: Duration = .milliseconds(100)

    /// kitty: while the person looks at a photo (no input for 150 ms, nothing to draw), one
    /// prepared neighbour at a time goes to the terminal as a hidden image, so the page turn to it
    /// is a placement of a few bytes. One upload at a time, only when nothing else is being
    /// written: a key waits at most for the one being written, and no frame is ever written
    /// inside an upload. Returns when to look again.
    func pretransmitIfIdle() throws -> Duration? {
        guard kind == .kitty, !dirty, output.isEmpty, state.mode == .pager else { return nil }
        let neighbours = state.neighbourContents
        let candidates = neighbours.filter { !writer.holdsKittyImage(of: $0) }
        guard !candidates.isEmpty else { return nil }
        let idle = clock.now - lastInput
        guard idle >= Self.idleBeforeUpload else { return Self.idleBeforeUpload - idle }
        for content in candidates {
            guard let bytes = pipeline.bytes(for: content),
                  let upload = writer.pretransmission(of: content, EncodedImage(kind: kind, bytes: bytes),
                                                      keeping: Set(neighbours)) else { continue }
            output.append(outgoing(upload))
            try flush()
            terminal.extraLeaveBytes = leaveBytes
            return .zero
        }
        return nil                        // not prepared yet: its completion wakes the loop
    }

    static let idleBeforeUpload: Duration = .milliseconds(150)
}
