import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
import TerminalUI

@Suite("FrameWriter: kitty images")
struct FrameWriterKittyTests {
    static let box = Rect(x: 2, y: 1, width: 4, height: 2)

    static func frame(_ id: String?, at box: Rect = box) -> Frame {
        var frame = Frame.lines(["kitty test", "", "", "", "status"], columns: 30, rows: 12)
        if let id { frame.images = [ImagePlacement(rect: box, content: FakeImages.content(id, cells: box))] }
        return frame
    }

    /// Renders, feeds the screen, and counts how often the writer asked for encoded bytes.
    struct Harness {
        var writer: FrameWriter
        var screen = VirtualScreen(columns: 30, rows: 12, cellPixelSize: FakeImages.cell)
        var requests = 0

        init(capacity: Int = 64, firstID: UInt32 = 1, byteBudget: Int = 200 << 20) {
            writer = FrameWriter(kittyImageCapacity: capacity, firstKittyImageID: firstID, kittyByteBudget: byteBudget)
        }

        @discardableResult
        mutating func render(_ frame: Frame) -> [UInt8] {
            var requests = self.requests
            let bytes = writer.render(frame) { content in
                requests += 1
                let box = CellSize(columns: content.pixelSize.width / 10, rows: content.pixelSize.height / 20)
                return try? FakeImages.kitty(.init(width: 8, height: 8), cells: box)
            }
            self.requests = requests
            screen.feed(bytes)
            return bytes
        }
    }

    @Test func transmittedOnceAndPlacedWithItsID() {
        var harness = Harness(firstID: 500)
        let frame = Self.frame("a")
        harness.render(frame)
        #expect(harness.screen.kittyTransmissions.map(\.imageID) == [500])
        #expect(harness.screen.images.map(\.rect) == [Self.box])
        #expect(harness.screen.images.first?.kittyImageID == 500)
        #expect(harness.screen.kittyErrors.isEmpty)
        #expect(mismatches(harness.screen, frame, skipping: [Self.box]).isEmpty)

        let again = harness.render(frame)
        #expect(again.isEmpty, "nothing to do, nothing written")
        #expect(harness.requests == 1, "the terminal holds it: no bytes needed")
    }

    /// The frame says where each placement command lies and for which box (behind tmux each is
    /// placed on the outer terminal on its own); an unchanged placement is not placed again.
    @Test func theFrameReportsItsPlacements() {
        var writer = FrameWriter()
        let encode = { (content: ImageContent) -> EncodedImage? in
            try? FakeImages.kitty(.init(width: 8, height: 8), cells: CellSize(columns: 4, rows: 2))
        }
        let first = writer.renderFrame(Self.frame("a"), images: encode)
        #expect(first.placements.map(\.rect) == [Self.box])
        let command = first.placements.first.map { String(decoding: first.bytes[$0.bytes], as: UTF8.self) } ?? ""
        #expect(command.hasPrefix("\u{1B}_Ga=p,") && command.hasSuffix("\u{1B}\\") && command.filter { $0 == "\u{1B}" }.count == 2,
                "\(command.debugDescription)")
        let moved = writer.renderFrame(Self.frame("a", at: Rect(x: 8, y: 3, width: 4, height: 2)), images: encode)
        #expect(moved.placements.map(\.rect) == [Rect(x: 8, y: 3, width: 4, height: 2)])
        #expect(writer.renderFrame(Self.frame("a", at: Rect(x: 8, y: 3, width: 4, height: 2)), images: encode)
            .placements.isEmpty)
        #expect(String(decoding: writer.placementDeletions, as: UTF8.self) == "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\")
    }

    /// A neighbour sent ahead is held hidden (nothing placed); the frame that shows it only
    /// places it, and never transmits it again.
    @Test func aPretransmittedImageIsPlacedNotSentAgain() throws {
        var harness = Harness(firstID: 7)
        harness.render(Self.frame("a"))
        let next = FakeImages.content("b", cells: Self.box)
        let encoded = try FakeImages.kitty(.init(width: 8, height: 8), cells: CellSize(columns: 4, rows: 2))
        let sent = harness.writer.pretransmission(of: next, encoded)
        let upload = try #require(sent)
        harness.screen.feed(upload)
        #expect(harness.screen.kittyTransmissions.map(\.imageID) == [7, 8])
        #expect(harness.screen.images.map(\.kittyImageID) == [7], "sent hidden: nothing new on screen")
        let again = harness.writer.pretransmission(of: next, encoded)
        #expect(again == nil, "already held")
        let requestsBefore = harness.requests
        let flip = harness.render(Self.frame("b"))
        #expect(harness.requests == requestsBefore, "no bytes needed to show it")
        #expect(count("a=t", in: flip) == 0)
        #expect(flip.count < 200)
        #expect(harness.screen.images.map(\.kittyImageID) == [8])
        #expect(harness.screen.kittyErrors.isEmpty)
    }

    /// The terminal's image memory stays within the budget: sending ahead past it evicts (and
    /// deletes) the least recently shown, never the one on screen; a revisit of an evicted photo
    /// sends it again.
    @Test func theTerminalsImageMemoryStaysBounded() throws {
        // Each 4×2-cell image is 40×40 px here: 6,400 bytes at RGBA; the budget holds three.
        var harness = Harness(byteBudget: 3 * 6_400)
        harness.render(Self.frame("a"))
        let encoded = try FakeImages.kitty(.init(width: 8, height: 8), cells: CellSize(columns: 4, rows: 2))
        var deleted = 0
        for name in ["b", "c", "d", "e"] {
            if let upload = harness.writer.pretransmission(of: FakeImages.content(name, cells: Self.box), encoded) {
                deleted += count("a=d,d=I", in: upload)
                harness.screen.feed(upload)
            }
        }
        #expect(deleted == 2)                                    // b and c made room for d and e
        #expect(harness.writer.holdsKittyImage(of: FakeImages.content("a", cells: Self.box)), "on screen: kept")
        #expect(!harness.writer.holdsKittyImage(of: FakeImages.content("b", cells: Self.box)))
        let before = harness.screen.kittyTransmissions.count
        harness.render(Self.frame("b"))
        #expect(harness.screen.kittyTransmissions.count == before + 1, "evicted, so sent again")
        #expect(harness.screen.images.count == 1 && harness.screen.kittyErrors.isEmpty)
    }

    /// An image the terminal says it lost (ENOENT) is sent again by the next frame.
    @Test func aLostImageIsSentAgain() throws {
        var harness = Harness()
        harness.render(Self.frame("a"))
        let id = try #require(harness.screen.images.first?.kittyImageID)
        let lost = harness.writer.kittyImageLost(id: id)
        let stranger = harness.writer.kittyImageLost(id: 999)
        #expect(lost)
        #expect(!stranger, "not ours")
        let before = harness.screen.kittyTransmissions.count
        harness.render(Self.frame("a"))
        #expect(harness.screen.kittyTransmissions.count == before + 1)
        #expect(harness.screen.images.count == 1 && harness.screen.kittyErrors.isEmpty)
    }

    /// Sending ahead never pushes out another image sent ahead: when the neighbours do not all
    /// fit beside the one on screen, the last is simply not sent (an idle pager must not send
    /// the same neighbours round and round).
    @Test func sendingAheadNeverEvictsAnotherNeighbour() throws {
        var harness = Harness(byteBudget: 2 * 6_400)
        harness.render(Self.frame("a"))
        let encoded = try FakeImages.kitty(.init(width: 8, height: 8), cells: CellSize(columns: 4, rows: 2))
        let neighbours: Set = [FakeImages.content("b", cells: Self.box), FakeImages.content("c", cells: Self.box)]
        #expect(harness.writer.pretransmission(of: FakeImages.content("b", cells: Self.box), encoded, keeping: neighbours) != nil)
        #expect(harness.writer.pretransmission(of: FakeImages.content("c", cells: Self.box), encoded, keeping: neighbours) == nil)
        #expect(harness.writer.holdsKittyImage(of: FakeImages.content("b", cells: Self.box)))
        #expect(harness.writer.holdsKittyImage(of: FakeImages.content("a", cells: Self.box)))
    }

    /// Sending ahead never evicts what is on screen, even past the registry's capacity.
    @Test func pretransmissionKeepsTheImageOnScreen() throws {
        var harness = Harness(capacity: 2)
        harness.render(Self.frame("a"))
        let encoded = try FakeImages.kitty(.init(width: 8, height: 8), cells: CellSize(columns: 4, rows: 2))
        for name in ["b", "c", "d"] {
            if let upload = harness.writer.pretransmission(of: FakeImages.content(name, cells: Self.box), encoded) {
                harness.screen.feed(upload)
            }
        }
        #expect(harness.writer.holdsKittyImage(of: FakeImages.content("a", cells: Self.box)))
        #expect(harness.screen.images.map(\.kittyImageID) == [1])
        #expect(harness.screen.kittyErrors.isEmpty)
    }

    @Test func aPlacementThatGoesIsDeletedAndARevisitOnlyPlacesAgain() {
        var harness = Harness()
        harness.render(Self.frame("a"))
        let away = harness.render(Self.frame(nil))
        #expect(count("\u{1B}_Ga=d,d=i,i=1,", in: away) == 1)
        #expect(harness.screen.images.isEmpty)
        #expect(harness.screen.kittyStoredImageIDs == [1], "pixels kept for a revisit")

        let back = harness.render(Self.frame("a"))
        #expect(harness.screen.kittyTransmissions.count == 1, "not sent again")
        #expect(count("a=p,i=1,", in: back) == 1)
        #expect(back.count < 80)
        #expect(harness.screen.images.map(\.rect) == [Self.box])
    }

    @Test func aMovedPlacementShowsOnlyAtItsNewPlace() {
        var harness = Harness()
        harness.render(Self.frame("a"))
        let moved = Rect(x: 12, y: 5, width: 4, height: 2)
        harness.render(Self.frame("a", at: moved))
        #expect(harness.screen.images.map(\.rect) == [moved])
        #expect(harness.screen.kittyTransmissions.count == 1)
    }

    /// A zoomed pan on kitty: another part of the image the terminal holds, placed again with
    /// its source rectangle; no pixels sent.
    @Test func anotherPartOfAHeldImageIsOnlyAPlacement() {
        var harness = Harness()
        func frame(_ crop: PixelCrop) -> Frame {
            var frame = Self.frame(nil)
            frame.images = [ImagePlacement(rect: Self.box, content: FakeImages.content("a", cells: Self.box), crop: crop)]
            return frame
        }
        harness.render(frame(PixelCrop(x: 0, y: 0, width: 4, height: 4)))
        #expect(harness.screen.images.first?.kittyCrop == PixelCrop(x: 0, y: 0, width: 4, height: 4))
        let pan = harness.render(frame(PixelCrop(x: 3, y: 2, width: 4, height: 4)))
        #expect(harness.screen.kittyTransmissions.count == 1, "not sent again")
        #expect(count("a=p,i=1,x=3,y=2,w=4,h=4,", in: pan) == 1)
        #expect(pan.count < 200, "\(pan.count) bytes")
        #expect(harness.screen.images.map(\.kittyCrop) == [PixelCrop(x: 3, y: 2, width: 4, height: 4)], "one placement, the new part")
        #expect(harness.render(frame(PixelCrop(x: 3, y: 2, width: 4, height: 4))).isEmpty, "unchanged: nothing")
    }

    @Test func leastRecentlyShownImagesAreEvictedAndDeleted() {
        var harness = Harness(capacity: 2)
        for id in ["a", "b", "c"] { harness.render(Self.frame(id)) }
        #expect(harness.screen.kittyDeletions.contains(.init(selector: "I", imageID: 1)), "a was evicted")
        #expect(harness.screen.kittyStoredImageIDs == [2, 3])
        #expect(harness.screen.images.map(\.kittyImageID) == [3])

        harness.render(Self.frame("a"))
        #expect(harness.screen.kittyTransmissions.map(\.imageID) == [1, 2, 3, 4], "a comes back under a new id")
        #expect(harness.screen.kittyStoredImageIDs == [3, 4])
        #expect(harness.screen.kittyErrors.isEmpty)
    }

    @Test func imagesOnScreenAreNeverEvicted() {
        var harness = Harness(capacity: 1)
        var frame = Self.frame("a")
        let second = Rect(x: 10, y: 1, width: 4, height: 2)
        frame.images.append(ImagePlacement(rect: second, content: FakeImages.content("b", cells: second)))
        harness.render(frame)
        #expect(harness.screen.images.count == 2)
        #expect(harness.screen.kittyStoredImageIDs == [1, 2])
        #expect(harness.screen.kittyErrors.isEmpty)
    }

    @Test func invalidateDeletesTheImagesAndSendsThemAgain() {
        var harness = Harness()
        harness.render(Self.frame("a"))
        harness.writer.invalidate()
        let bytes = harness.render(Self.frame("a"))
        #expect(count("\u{1B}_Ga=d,d=A", in: bytes) == 1)
        #expect(harness.screen.kittyTransmissions.count == 2)
        #expect(harness.screen.images.map(\.rect) == [Self.box])
        #expect(harness.screen.kittyStoredImageIDs == [2])
    }

    @Test func leaveBytesDeleteEveryTransmittedImage() {
        var harness = Harness()
        harness.render(Self.frame("a"))
        harness.render(Self.frame("b"))
        #expect(harness.screen.kittyStoredImageIDs == [1, 2])
        harness.screen.feed(harness.writer.leaveBytes)
        #expect(harness.screen.kittyStoredImageIDs.isEmpty)
        #expect(harness.screen.images.isEmpty)

        let plain = FrameWriter()
        #expect(plain.leaveBytes == Array("\u{1B}[0m".utf8), "no kitty commands for terminals that never saw one")
    }

    /// Image data draws nothing and can be megabytes: it goes out before the synchronized
    /// update, so the terminal's update buffer holds only the visible changes.
    @Test func transmissionsPrecedeTheSynchronizedUpdate() {
        var harness = Harness()
        let bytes = harness.render(Self.frame("a"))
        let text = String(decoding: bytes, as: UTF8.self)
        let transmission = text.range(of: "a=t")
        let update = text.range(of: "\u{1B}[?2026h")
        #expect(transmission != nil && update != nil)
        if let transmission, let update { #expect(transmission.lowerBound < update.lowerBound) }
        #expect(harness.screen.images.count == 1)
    }
}
