import PhotoPagerBase
import TerminalGraphics
import TerminalIO
import TerminalUI

/// The pager's way to the terminal. Frames become bytes here (the writer diffs them), wait in
/// a queue and go out as the terminal takes them, so a slow terminal never stops the keys. On
/// the way: kitty transmissions move into files once kitty reads ours, and graphics are
/// wrapped for tmux's passthrough when we are behind it. A sixel still in the queue that the
/// newest state no longer shows is cut short.
final class PagerOutput {
    private let terminal: PagerTerminal
    private var writer: FrameWriter
    private var queue = OutputQueue()
    private let kitty: Bool
    /// kitty: transmissions by file once a query proved kitty reads our files; else nil.
    private let kittyFiles: KittyFileTransfer?
    /// Behind tmux with passthrough: the tmux whose clients are told directly (nil otherwise).
    private let tmux: Tmux?
    /// Behind tmux: our pane's top-left cell on the outer terminal, where images are placed from.
    private var paneOrigin: (column: Int, row: Int)
    /// tmux shows another window (or copy mode) over the pane: nothing is drawn until it is back.
    private(set) var paneHidden = false
    /// The cell height in pixels, for sixels cut into rows for tmux.
    private let cellHeight: () -> Int
    private let now: () -> PagerClock.Instant
    /// How fast the terminal takes what is written.
    private var link = LinkMeter()
    /// When the queue last ran empty.
    private(set) var idleSince: PagerClock.Instant

    /// `probesKittyFiles`: kitty answered the capability query directly, so it can answer
    /// whether it reads our files. `imagesOnOwnLayer`: see `FrameWriter.imagesOnOwnLayer`.
    init(terminal: PagerTerminal, kind: RendererKind, colorDepth: ColorDepth, imagesOnOwnLayer: Bool = false,
         now: @escaping () -> PagerClock.Instant, probesKittyFiles: Bool,
         environment: [String: String], tmux: Tmux?, paneOrigin: (column: Int, row: Int), cellHeight: @escaping () -> Int) {
        self.terminal = terminal
        writer = FrameWriter(colorDepth: colorDepth, imagesOnOwnLayer: imagesOnOwnLayer)
        kitty = kind == .kitty
        kittyFiles = kitty && probesKittyFiles ? KittyFileTransfer(environment: environment) : nil
        self.tmux = tmux
        self.paneOrigin = paneOrigin
        self.cellHeight = cellHeight
        self.now = now
        idleSince = now()
        terminal.extraLeaveBytes = leaveBytes
        if let probe = kittyFiles?.probe() { queue.append(probe) }
    }

    /// Nothing waits to be written.
    var isIdle: Bool { queue.isEmpty }

    /// Bytes a second the terminal takes, once measured (nil: not yet, or fast).
    var linkBytesPerSecond: Double? { link.bytesPerSecond }

    /// Writes what the terminal takes now.
    func flush() throws {
        guard !queue.isEmpty else { return }
        link.waiting(since: now())
        while !queue.isEmpty {
            let written = try terminal.writeSome(queue.pending)
            guard written > 0 else { return }
            queue.consumed(written)
            let at = now()
            link.took(written, drained: queue.isEmpty, now: at)
            if queue.isEmpty { idleSince = at }
        }
    }

    /// Before leaving or suspending: sixels in flight are ended at once, the rest (text, a kitty
    /// upload that must be finished) written out, so the terminal is between sequences when the
    /// restore bytes come.
    func finish() throws {
        writer.forgetImages(drawnBy: queue.cut(all: true) { _ in true })
        while !queue.isEmpty {
            let bytes = queue.pending
            try terminal.write(Array(bytes))
            queue.consumed(bytes.count)
        }
    }

    /// Leaving: a terminal that hung up takes nothing more, which must not change the status.
    func close() {
        try? finish()
        kittyFiles?.removeLeftovers()
    }

    /// Graphics outside frames (an animation's frames for kitty, kitty's deletions).
    func send(_ bytes: [UInt8]) {
        queue.append(outgoing(RenderedFrame(bytes: bytes)).bytes)
    }

    /// Bytes for the terminal we talk to, tmux itself when we are behind it (a clipboard copy,
    /// which tmux keeps and passes on as it is configured to).
    func sendToNearest(_ bytes: [UInt8]) {
        queue.append(bytes)
    }

    /// Queues `frame`, each of its images from `image` (nil: left out this time).
    func draw(_ frame: Frame, image: (ImageContent) -> EncodedImage?) {
        queue.append(outgoing(writer.renderFrame(frame, images: image)))
        // Once kitty images exist, leaving (quit, signal, Ctrl-Z) must delete them.
        terminal.extraLeaveBytes = leaveBytes
    }

    /// kitty: the first of `neighbours` that it does not hold yet and that is `prepared` goes
    /// ahead as a hidden image (the others of `neighbours` kept); false when none could.
    func sendAhead(_ neighbours: [ImageContent], prepared: (ImageContent) -> EncodedImage?) -> Bool {
        for content in neighbours where !writer.holdsKittyImage(of: content) {
            guard let encoded = prepared(content),
                  let upload = writer.pretransmission(of: content, encoded, keeping: Set(neighbours)) else { continue }
            send(upload)
            terminal.extraLeaveBytes = leaveBytes
            return true
        }
        return false
    }

    /// A sixel still being written that `shown` no longer has in its box (the page turned
    /// again) is cut short; the frame after shows the newest photo sooner.
    func cutSixels(notIn shown: @autoclosure () -> [ImagePlacement]) {
        guard queue.hasUnfinishedSixels else { return }
        let shown = shown()
        let cut = queue.cut { sixel in !shown.contains { $0.content == sixel.content && $0.rect == sixel.rect } }
        writer.forgetImages(drawnBy: cut)
    }

    /// The screen is no longer what the writer last drew (cleared, resized, repainted).
    func invalidate() {
        writer.invalidate()
    }

    func holdsKittyImage(of content: ImageContent) -> Bool { writer.holdsKittyImage(of: content) }
    func kittyImageID(of content: ImageContent) -> UInt32? { writer.kittyImageID(of: content) }

    /// kitty has not answered whether it reads our files yet.
    var kittyFilesProbePending: Bool { kittyFiles.map { !$0.answered } ?? false }

    /// kitty reads our pixels from files (`KittyFileTransfer`, proven by its probe).
    var kittyReadsFiles: Bool { kittyFiles?.enabled ?? false }

    /// What a kitty reply meant to us.
    enum KittyReply {
        /// Not about ours: the app has it.
        case other
        /// The file probe's answer: taken.
        case fileProbe
        /// kitty lost an image we placed (its quota, another program): drawn again next frame.
        case lostImage
    }

    func take(_ reply: KittyGraphicsReply) -> KittyReply {
        if kittyFiles?.answer(reply) == true { return .fileProbe }
        if reply.message.hasPrefix("ENOENT"), let id = reply.value(forKey: "i").flatMap(UInt32.init),
           writer.kittyImageLost(id: id) {
            return .lostImage
        }
        return .other
    }

    /// tmux hid our pane (another window, copy mode) or moved it (a split, the status line).
    /// kitty placements, which tmux cannot paint over, are deleted when it hides: copy mode still
    /// shows the pane, so tmux passes the deletion on, but from a hidden pane it passes nothing,
    /// so the deletion goes to its terminals directly too. Whatever happened, tmux repaints the
    /// pane from its text, so everything is drawn anew, at the new place.
    func paneChanged(_ pane: Tmux.PaneState) {
        if !pane.shown, !paneHidden, kitty {
            let deletions = writer.placementDeletions
            send(deletions)
            tmux?.sendToClients(deletions)
        }
        paneHidden = !pane.shown
        paneOrigin = (pane.column, pane.row)
        writer.invalidate()
    }

    private func outgoing(_ frame: RenderedFrame) -> RenderedFrame {
        var frame = frame
        if let kittyFiles { frame.bytes = kittyFiles.rewrite(frame.bytes) }   // kitty frames hold no sixels
        guard tmux != nil else { return frame }
        return TmuxPassthrough.frame(frame, cellHeight: cellHeight(), origin: paneOrigin)
    }

    /// What leaving must send after the restore: kitty's deletions, through tmux when behind it.
    private var leaveBytes: [UInt8] { outgoing(RenderedFrame(bytes: writer.leaveBytes)).bytes }
}
