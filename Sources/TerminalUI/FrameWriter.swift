import PhotoPagerBase
import TerminalGraphics

/// Turns successive ``Frame``s into the bytes that update the terminal from one to the next.
///
/// Like ratatui's buffer diff: it remembers what it last wrote (``TerminalShadow``) and sends only
/// the cells that differ, moving the cursor only when it is not already there and changing the
/// SGR only when the style changes. Images are placed per protocol and redrawn only when their
/// placement changed or something disturbed them. Each frame is wrapped in synchronized output.
///
/// A value type: the app's loop owns one and calls ``render(_:images:)`` from one place at a time.
/// The writer does no I/O; the caller writes the returned bytes to the terminal, in order.
public struct FrameWriter: Sendable {
    /// How many colours text may use; richer colours in a frame are mapped down to it.
    public let colorDepth: ColorDepth
    let styleEncoder: StyleEncoder
    var screen = TerminalShadow(blankColumns: 0, rows: 0)
    var needsFullRedraw = true
    /// Pixel and text images on screen after the last frame (kitty images are tracked apart).
    var drawnImages: [DrawnImage] = []
    /// Numbers each image draw, so a cell can say whose pixels it holds.
    var drawCount = 0
    var kittyImages: KittyImageRegistry
    /// Where each kitty image id was placed by the last frame, in frame order.
    var kittyPlacements: [UInt32: [KittyPlacement]] = [:]
    /// Whether any kitty command was ever sent: terminals without the protocol never get one.
    var kittyUsed = false
    /// Ids the terminal said it lost, to delete with the next frame.
    var lostKittyIDs: [UInt32] = []
    /// The terminal keeps sixel and iTerm2 images on a layer of their own (Konsole): text
    /// written or erased over one leaves it on screen, and only a screen clear removes it. A
    /// frame that no longer shows one where it was is then drawn whole after a clear.
    public let imagesOnOwnLayer: Bool

    /// - Parameters:
    ///   - colorDepth: what the terminal's text supports (`ColorDepth.detect`).
    ///   - kittyImageCapacity: how many transmitted kitty images to keep in the terminal before
    ///     deleting the least recently shown.
    ///   - firstKittyImageID: the first id to use; ids count up from it.
    ///   - kittyByteBudget: the terminal memory (4 bytes a pixel) our kitty images may hold.
    public init(colorDepth: ColorDepth = .truecolor, kittyImageCapacity: Int = 64, firstKittyImageID: UInt32 = 1,
                kittyByteBudget: Int = 200 << 20, imagesOnOwnLayer: Bool = false) {
        self.colorDepth = colorDepth
        self.imagesOnOwnLayer = imagesOnOwnLayer
        styleEncoder = StyleEncoder(depth: colorDepth)
        kittyImages = KittyImageRegistry(capacity: kittyImageCapacity, firstID: firstKittyImageID, byteBudget: kittyByteBudget)
    }

    /// The bytes that turn the screen into `frame`.
    ///
    /// - Parameter images: the encoded bytes for a placement's content, or `nil` while they are not
    ///   ready (the frame's own text — the view's placeholder — then shows in that box). Called for
    ///   each placement that lies fully on screen, except kitty contents the terminal already holds.
    ///
    /// The first frame, a frame of a new size, and the first frame after ``invalidate()`` clear the
    /// screen and draw everything.
    public mutating func render(_ frame: Frame, images: (ImageContent) -> EncodedImage?) -> [UInt8] {
        renderFrame(frame, images: images).bytes
    }

    /// ``render(_:images:)``, also saying where in the bytes each sixel drawn lies, so that one
    /// no longer wanted can be cut short while it is being written (``OutputQueue``), and each
    /// kitty placement (placed on its own behind tmux, ``TmuxPassthrough``).
    public mutating func renderFrame(_ frame: Frame, images: (ImageContent) -> EncodedImage?) -> RenderedFrame {
        // Kitty image data (deletions of whole images, then transmissions) changes nothing on
        // screen, and megabytes of it inside a synchronized update overflow the terminal's
        // buffer (kitty then ends the update early and logs it), so it goes first, outside.
        var kittyData: [UInt8] = []
        for id in lostKittyIDs { kittyData.append(contentsOf: KittyEncoder.delete(imageID: id)) }
        lostKittyIDs = []
        var out = OutputSequence.beginSynchronizedUpdate
        if needsFullRedraw || frame.columns != screen.columns || frame.rows != screen.rows {
            beginFullRedraw(columns: frame.columns, rows: frame.rows, into: &out, kittyData: &kittyData)
        }
        var plan = planImages(in: frame, images: images)
        if imagesOnOwnLayer, leavesImageBehind(plan) {
            out = OutputSequence.beginSynchronizedUpdate
            beginFullRedraw(columns: frame.columns, rows: frame.rows, into: &out, kittyData: &kittyData)
            plan = planImages(in: frame, images: images)
        }
        writeText(frame, covered: plan.covered, into: &out)
        var sixels: [RenderedFrame.Sixel] = []
        var placements: [RenderedFrame.Placement] = []
        drawImages(&plan, into: &out, kittyData: &kittyData, sixels: &sixels, placements: &placements)
        // An open hyperlink would attach to anything else written between frames.
        screen.setLink(nil, into: &out)
        // Nothing changed (state the screen does not show, such as headers of photos off
        // screen): nothing is written, not even an empty synchronized update.
        if out == OutputSequence.beginSynchronizedUpdate && kittyData.isEmpty { return RenderedFrame(bytes: []) }
        out.append(contentsOf: OutputSequence.endSynchronizedUpdate)
        let shift = kittyData.count
        let shifted = { (range: Range<Int>) in range.lowerBound + shift ..< range.upperBound + shift }
        return RenderedFrame(bytes: kittyData + out,
                             sixels: sixels.map { var sixel = $0; sixel.bytes = shifted(sixel.bytes); return sixel },
                             placements: placements.map { var placement = $0; placement.bytes = shifted(placement.bytes); return placement })
    }

    /// Whether a sixel or iTerm2 image on screen is not drawn in the same box by `plan`: on a
    /// terminal that keeps them on their own layer, it would stay there under the new text.
    private func leavesImageBehind(_ plan: ImagePlan) -> Bool {
        drawnImages.contains { drawn in
            (drawn.kind == .sixel || drawn.kind == .iterm2)
                && !plan.items.contains { $0.rect == drawn.rect && $0.content == drawn.content && $0.kind == drawn.kind }
        }
    }

    /// The sixels with these draw numbers were cut short (``OutputQueue/cut(where:)``): they are
    /// not on screen as drawn, so the next frame that shows them draws them again.
    public mutating func forgetImages(drawnBy owners: Set<Int>) {
        drawnImages.removeAll { owners.contains($0.owner) }
        // What was drawn of them stays on an image layer until the screen is cleared.
        if imagesOnOwnLayer && !owners.isEmpty { needsFullRedraw = true }
    }

    /// Forget what the screen shows: the next frame is a full redraw. Call after a resize, after
    /// resuming from suspend, or after anything else wrote to the terminal. Kitty images the
    /// terminal holds are deleted then and transmitted again when shown.
    public mutating func invalidate() {
        needsFullRedraw = true
    }

    /// kitty: `encoded` sent ahead as a hidden image (transmitted, not placed), so the frame that
    /// later shows `content` only places it (`a=p`, a few bytes). nil when the terminal already
    /// holds it or it is not a kitty transmission. Evictions it causes are deleted first; what is
    /// on screen now is never evicted (it was used by the last frame).
    /// `keeping`: the other contents being sent ahead, which this one must not evict (when it does
    /// not fit beside them, nil).
    public mutating func pretransmission(of content: ImageContent, _ encoded: EncodedImage,
                                         keeping kept: Set<ImageContent> = []) -> [UInt8]? {
        guard encoded.kind == .kitty, !kittyImages.holds(content), KittyTransmission.isTransmission(encoded.bytes),
              kittyImages.fits(content, keeping: kept)
        else { return nil }
        let (id, evicted) = kittyImages.register(content, shown: false, keeping: kept)
        guard let bytes = KittyTransmission.retagged(encoded.bytes, imageID: id) else { return nil }
        kittyUsed = true
        var out: [UInt8] = []
        for old in evicted {
            out.append(contentsOf: KittyEncoder.delete(imageID: old))
            kittyPlacements[old] = nil
        }
        return out + bytes
    }

    public func holdsKittyImage(of content: ImageContent) -> Bool { kittyImages.holds(content) }

    /// kitty: the id `content` is held under (an animation's frames are added to it).
    public func kittyImageID(of content: ImageContent) -> UInt32? { kittyImages.id(of: content) }

    /// kitty answered a placement with ENOENT: the image is gone from the terminal (past its
    /// quota, or cleared by another program). It is forgotten, so the next frame sends it again.
    /// Returns whether the id was one of ours (then a redraw is due).
    @discardableResult
    public mutating func kittyImageLost(id: UInt32) -> Bool {
        guard kittyImages.forget(id: id) else { return false }
        kittyPlacements[id] = nil
        lostKittyIDs.append(id)            // deleted for good measure: nothing of it may linger
        return true
    }

    /// kitty: deletes every placement of ours, keeping the images (tmux hid our pane; the next
    /// frame after ``invalidate()`` places them again).
    public var placementDeletions: [UInt8] {
        kittyPlacements.keys.sorted().flatMap(KittyTransmission.deletePlacements(imageID:))
    }

    /// What to send before leaving the alternate screen: the default SGR and, if kitty images were
    /// used, the deletion of every image this writer transmitted (the terminal would otherwise
    /// keep their pixels for the rest of its life). Send ``invalidate()`` before drawing again.
    public var leaveBytes: [UInt8] {
        var out = OutputSequence.resetStyle
        if kittyUsed {
            for id in kittyImages.ids { out.append(contentsOf: KittyEncoder.delete(imageID: id)) }
            out.append(contentsOf: KittyEncoder.deleteAll())
        }
        return out
    }

    /// Clears the screen and resets what the writer believes about it. Kitty images are deleted
    /// explicitly: clearing the text does not remove them.
    mutating func beginFullRedraw(columns: Int, rows: Int, into out: inout [UInt8], kittyData: inout [UInt8]) {
        if kittyUsed {
            for id in kittyImages.removeAll() { kittyData.append(contentsOf: KittyEncoder.delete(imageID: id)) }
            kittyData.append(contentsOf: KittyEncoder.deleteAll())
        }
        kittyPlacements = [:]
        drawnImages = []
        out.append(contentsOf: OutputSequence.resetStyle)
        out.append(contentsOf: OutputSequence.hideCursor)
        out.append(contentsOf: OutputSequence.clearScreen)
        screen = TerminalShadow(blankColumns: columns, rows: rows)
        needsFullRedraw = false
    }
}
