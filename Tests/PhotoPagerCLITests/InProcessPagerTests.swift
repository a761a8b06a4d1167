import Foundation
import PhotoLibrary
import PhotoPagerBase
@testable import PhotoPagerCLI
import Testing
import TestSupport

/// The pager loop itself, in-process: its bytes through the virtual screen, its events scripted.
@Suite(.serialized, .ownThreads) struct InProcessPagerTests {
    static func samplePhotos() throws -> [LibraryPhoto] {
        PhotoLibrary.load([SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/manifest.json").path]).photos
    }

    @Test func theGridThenThePagerThenBack() throws {
        let pager = try InProcessPager(renderer: .blocks, photos: try Self.samplePhotos())
        #expect(pager.waitFor { $0.lines.last?.contains("1/6") == true }, "no grid")
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") })
        pager.type([.right, .right])
        #expect(pager.waitFor { $0.lines.last?.contains("3/6") == true })
        pager.type([.escape])
        #expect(pager.waitFor { $0.lines.last?.contains("⏎ open") == true && $0.lines.last?.contains("3/6") == true })
        #expect(pager.quit() == 0)
    }

    /// kitty: neighbours go ahead while idle; a page turn places without transmitting; a key
    /// that arrives while they go is answered after at most one upload.
    @Test func kittyNeighboursGoAheadAndAKeyWaitsForAtMostOneUpload() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos())
        #expect(pager.waitFor { $0.images.count == 6 })
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        let shown = pager.terminal.read { $0.images.first?.kittyImageID }
        #expect(pager.waitFor { screen in screen.kittyTransmissions.filter { $0.imageID != shown }.count >= 8 },
                "neighbours not sent ahead")
        let offset = pager.terminal.bytesWritten
        pager.type([.right])
        #expect(pager.waitFor { $0.lines.last?.contains("2/6") == true && $0.images.first?.kittyImageID != shown })
        let turn = String(decoding: pager.terminal.output(from: offset), as: UTF8.self)
        let frameEnd = turn.range(of: "\u{1B}[?2026l")
        let beforeFrame = frameEnd.map { String(turn[..<$0.lowerBound]) } ?? turn
        #expect(beforeFrame.components(separatedBy: "a=t,").count - 1 <= 1, "more than one upload before the key's frame")
        #expect(beforeFrame.contains("a=p"), "the turn places the image sent ahead")
        #expect(pager.terminal.read { $0.kittyErrors }.isEmpty)
        #expect(pager.quit() == 0)
    }

    /// kitty on this machine (it reads our files), zoomed in: the region around the view goes
    /// out once; a pan inside it is a placement of another part of it (its source rectangle), a
    /// few dozen bytes, no pixels.
    @Test func kittyPansPlaceAnotherPartOfTheRegionHeld() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos(), answersKittyQueries: true)
        pager.events.push(.input([.kittyGraphics(KittyGraphicsReply(control: "i=\(KittyFileTransfer.probeID)", message: "OK"))]))
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        pager.type(Array(repeating: .character("+"), count: 4))
        #expect(pager.waitFor { $0.images.first?.kittyCrop != nil && $0.lines.last?.contains("%") == true }, "never zoomed")
        #expect(pager.settle())
        let before = try #require(pager.terminal.read { $0.images.first })
        let sent = pager.terminal.read { $0.kittyTransmissions.count }
        let offset = pager.terminal.bytesWritten
        pager.type([.character("l")])
        #expect(pager.waitFor { $0.images.first?.kittyCrop != before.kittyCrop })
        #expect(pager.settle())
        let after = try #require(pager.terminal.read { $0.images.first })
        #expect(after.kittyImageID == before.kittyImageID && after.rect == before.rect)
        #expect((after.kittyCrop?.x ?? 0) > (before.kittyCrop?.x ?? 0), "\(String(describing: before.kittyCrop)) → \(String(describing: after.kittyCrop))")
        #expect(pager.terminal.read { $0.kittyTransmissions.count } == sent, "pixels sent for a pan")
        #expect(pager.terminal.bytesWritten - offset < 2000, "\(pager.terminal.bytesWritten - offset) bytes")
        #expect(pager.terminal.read { $0.kittyErrors }.isEmpty)
        #expect(pager.quit() == 0)
    }

    /// kitty reached inline (over ssh: it never reads our files): a zoomed view goes out as
    /// itself, as large as the view; a region four times that would cost a zoom step seconds.
    @Test func inlineKittyIsSentTheViewItself() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos())
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        pager.type(Array(repeating: .character("+"), count: 4))
        #expect(pager.waitFor { $0.lines.last?.contains("%") == true && $0.images.count == 1 })
        #expect(pager.settle())
        let shown = try #require(pager.terminal.read { $0.images.first })
        let sent = try #require(pager.terminal.read { screen in screen.kittyTransmissions.last { $0.imageID == shown.kittyImageID } })
        #expect(shown.kittyCrop == nil)
        #expect(sent.pixelSize.map { $0.width <= shown.rect.width * 10 && $0.height <= shown.rect.height * 20 } == true,
                "\(String(describing: sent.pixelSize)) for \(shown.rect)")
        #expect(pager.quit() == 0)
    }

    /// kitty says it no longer has the image on screen (ENOENT to its placement): the pager
    /// sends it again and places it.
    @Test func kittyLostImagesAreSentAgain() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos())
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        let shown = try #require(pager.terminal.read { $0.images.first?.kittyImageID })
        let sent = pager.terminal.read { $0.kittyTransmissions.count }
        pager.events.push(.input([.kittyGraphics(KittyGraphicsReply(control: "i=\(shown)", message: "ENOENT:image not found"))]))
        #expect(pager.waitFor { screen in
            screen.kittyTransmissions.count > sent && screen.images.count == 1 && screen.images.first?.kittyImageID != shown
        }, "not sent again")
        #expect(pager.quit() == 0)
    }

    /// Konsole's sixel layer (images stay under new text until a clear): from the grid to the
    /// pager, a page turn, the info panel, full screen and back, the screen never
    /// shows an image the frame does not, nor one reaching into a caption or title row.
    @Test func onKonsolesImageLayerOnlyTheFramesImagesStay() throws {
        let pager = try InProcessPager(renderer: .sixel, photos: try Self.samplePhotos(), imagesOnOwnLayer: true)
        func shows(_ count: Int, _ what: String) {
            #expect(pager.waitFor { $0.images.count == count }, "\(what): \(pager.terminal.read { $0.images.count }) images")
            pager.settle()
            let (images, screen) = pager.terminal.read { ($0.images, $0) }
            #expect(images.count == count, "\(what)\n\(screen)")
            for image in images {
                for row in image.rect.y..<image.rect.maxY {
                    let text = screen.text(row: row)
                    #expect(!text.contains("1/6") && !text.contains("2/6") && !text.contains("↗ share"), "\(what): an image over row \(row)\n\(screen)")
                }
            }
        }
        shows(6, "grid")
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") })
        shows(1, "pager")
        pager.type([.right])
        #expect(pager.waitFor { $0.lines.last?.contains("2/6") == true })
        shows(1, "next photo")
        pager.type([.character("i")])
        shows(1, "info panel")
        pager.type([.character("i")])
        pager.settle()
        pager.type([.character("f")])
        shows(1, "full screen")
        pager.type([.character("f"), .escape])
        #expect(pager.waitFor { $0.lines.last?.contains("⏎ open") == true })
        shows(6, "back to the grid")
        #expect(pager.quit() == 0)
    }

    /// kitty over a link of 1 MB/s (8 Mbit/s, as over ssh): once the drain is measured, a page
    /// photo goes out with the pixels of ~200 ms, in the cells the full one has; rested on, it
    /// goes out sharper in the same box, and the screen shows the photo at every step.
    @Test func kittyOverASlowLinkSendsFewerPixelsThenSharpensInPlace() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos())
        func link(for duration: Duration, each: (VirtualScreen) -> Void = { _ in }) {
            pager.terminal.allow(0)
            for _ in 0 ..< Int(duration / Duration.milliseconds(10)) {
                pager.terminal.allow(10_000)                       // 1 MB/s, 10 ms at a time
                pager.events.pokeWritable()
                pager.advance(by: .milliseconds(10))
                pager.terminal.read(each)
            }
        }
        func pageTransmission(_ screen: VirtualScreen) -> (area: Int, rect: Rect)? {
            guard let image = screen.images.first, let id = image.kittyImageID,
                  let size = screen.kittyTransmissions.last(where: { $0.imageID == id })?.pixelSize else { return nil }
            return (size.width * size.height, image.rect)
        }
        link(for: .seconds(3))                                      // the grid: the link is measured
        pager.type([.enter])
        link(for: .milliseconds(600))
        let first = try #require(pager.terminal.read(pageTransmission))
        #expect(first.area <= 50_000, "\(first)")
        var shown = true
        link(for: .seconds(5)) { screen in shown = shown && screen.images.count == 1 }
        let sharp = try #require(pager.terminal.read(pageTransmission))
        #expect(sharp.area > first.area && sharp.area <= 300_000, "\(sharp) \(pager.terminal.read { $0.kittyTransmissions.suffix(6).map { "\($0.imageID):\($0.pixelSize.map { "\($0.width)x\($0.height)" } ?? "-")" } })")
        #expect(sharp.rect == first.rect)
        #expect(shown, "a moment without the photo")
        pager.type([.right])
        link(for: .milliseconds(600))
        #expect(pager.terminal.read { $0.lines.last?.contains("2/6") == true })
        let next = try #require(pager.terminal.read(pageTransmission))
        #expect(next.area <= 50_000, "\(next)")
        pager.terminal.allow(.max)
        #expect(pager.quit() == 0)
    }

    /// sixel over the same 1 MB/s link: a terminal draws a sixel pixel for pixel, so the page
    /// photo goes out at its size in fewer bytes (≤ ~200 ms of the link), and once rested on, in
    /// full in the same place, without a moment without it.
    @Test func sixelOverASlowLinkSendsFewerBytesThenSharpensInPlace() throws {
        let pager = try InProcessPager(renderer: .sixel, photos: try Self.samplePhotos())
        var shown = true
        func link(for duration: Duration) {
            pager.terminal.allow(0)
            for _ in 0 ..< Int(duration / Duration.milliseconds(10)) {
                pager.terminal.allow(10_000)                       // 1 MB/s, 10 ms at a time
                pager.events.pokeWritable()
                pager.advance(by: .milliseconds(10))
                pager.terminal.read { shown = shown && $0.images.count <= 1 }
            }
        }
        /// The sixels written since `offset`: their sizes in bytes.
        func sixels(from offset: Int) -> [Int] {
            let bytes = pager.terminal.output(from: offset)
            var sizes: [Int] = [], start: Int?
            for i in bytes.indices.dropLast() where bytes[i] == 0x1B {
                if bytes[i + 1] == UInt8(ascii: "P") { start = i }
                if bytes[i + 1] == UInt8(ascii: "\\"), let begun = start { sizes.append(i + 2 - begun); start = nil }
            }
            return sizes
        }
        link(for: .seconds(3))                                      // the grid: the link is measured
        var offset = pager.terminal.bytesWritten
        pager.type([.enter])
        link(for: .milliseconds(600))
        let firstSize = try #require(pager.terminal.read { $0.images.first })
        let first = sixels(from: offset)
        #expect(first.count == 1 && first.allSatisfy { $0 <= 200_000 }, "\(first)")
        shown = true
        offset = pager.terminal.bytesWritten
        link(for: .seconds(5))
        let sharp = sixels(from: offset)
        let sharpSize = try #require(pager.terminal.read { $0.images.first })
        #expect(sharp.count == 1 && sharp.allSatisfy { $0 > first.max() ?? 0 }, "\(first) then \(sharp)")
        #expect(sharpSize.rect == firstSize.rect && sharpSize.pixelSize == firstSize.pixelSize)
        #expect(shown && pager.terminal.read { $0.images.count } == 1, "a moment without the photo, or two")
        offset = pager.terminal.bytesWritten
        pager.type([.right])
        link(for: .milliseconds(600))
        #expect(pager.terminal.read { $0.lines.last?.contains("2/6") == true })
        #expect(sixels(from: offset).allSatisfy { $0 <= 200_000 }, "\(sixels(from: offset))")
        pager.terminal.allow(.max)
        #expect(pager.quit() == 0)
    }

    /// Opens the pager on photo 1 with photo 2 drawn once, so both are ready in memory.
    static func sixelPagerWithTwoPhotosReady() throws -> InProcessPager {
        let pager = try InProcessPager(renderer: .sixel, photos: try samplePhotos())
        pager.type([.enter])
        #expect(pager.waitFor { $0.lines.last?.contains("1/6") == true && $0.images.count == 1 })
        pager.type([.right])
        #expect(pager.waitFor { $0.lines.last?.contains("2/6") == true && $0.images.count == 1 })
        pager.type([.left])
        #expect(pager.waitFor { $0.lines.last?.contains("1/6") == true && $0.images.count == 1 })
        return pager
    }

    /// The terminal stalls in the middle of a sixel: keys are still read, the sixel the page
    /// turned away from is ended at once, no frame is drawn for the photo passed over, and the
    /// newest photo comes when the terminal takes bytes again.
    @Test func aStalledTerminalNeverStopsTheKeys() throws {
        let pager = try Self.sixelPagerWithTwoPhotosReady()
        let offset = pager.terminal.bytesWritten
        pager.terminal.allow(30_000)
        pager.type([.right])                        // its frame stalls inside the sixel, after 30,000 bytes
        #expect(pager.waitUntil { pager.terminal.bytesWritten == offset + 30_000 })
        pager.type([.right])
        pager.type([.right])
        #expect(pager.settle(), "the loop reads them meanwhile")
        pager.terminal.allow(.max)
        pager.events.pokeWritable()
        #expect(pager.waitFor { $0.lines.last?.contains("4/6") == true && $0.images.count == 1 })
        let sent = String(decoding: pager.terminal.output(from: offset), as: UTF8.self)
        #expect(!sent.contains("3/6"), "a frame was drawn for a photo passed over while the terminal was stalled")
        let dcs = try #require(sent.range(of: "\u{1B}P"))
        let end = try #require(sent.range(of: "\u{1B}\\", range: dcs.upperBound ..< sent.endIndex))
        #expect(sent.utf8.distance(from: dcs.lowerBound, to: end.upperBound) < 30_000, "the stale sixel was not cut short")
        #expect(sent.components(separatedBy: "\u{1B}P").count - 1 == 2, "photo 2 (cut), then photo 4")
        #expect(pager.quit() == 0)
    }

    /// Quitting while a sixel is stuck half-written ends it first, so the restore sequences that
    /// follow are not swallowed as sixel data.
    @Test func quittingWhileStalledEndsTheSixelInFlight() throws {
        let pager = try Self.sixelPagerWithTwoPhotosReady()
        let offset = pager.terminal.bytesWritten
        pager.terminal.allow(30_000)
        pager.type([.right])
        #expect(pager.waitUntil { pager.terminal.bytesWritten == offset + 30_000 })
        #expect(pager.quit() == 0)
        let sent = String(decoding: pager.terminal.output(from: offset), as: UTF8.self)
        let dcs = try #require(sent.range(of: "\u{1B}P", options: .backwards))
        #expect(sent[dcs.upperBound...].contains("\u{1B}\\"), "the sixel in flight was left open")
        #expect(sent.utf8.count < 40_000, "the sixel was finished instead of cut")
    }

    /// kitty, a held key: photos the terminal does not hold yet are not sent while the keys come
    /// (megabytes each, which cannot be cut short), only placed when held; the photo the keys
    /// stop at is sent once they stop. (Keys 30 ms apart count as held with a 50 ms gap.)
    @Test func kittyHeldKeysSendOnlyThePhotoTheyStopAt() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos(), repeatGap: .milliseconds(50))
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        pager.advance(by: .milliseconds(600))        // neighbours go ahead while idle
        let offset = pager.terminal.bytesWritten
        for _ in 0 ..< 4 {
            pager.type([.right])
            pager.advance(by: .milliseconds(30))
        }
        let duringHold = String(decoding: pager.terminal.output(from: offset), as: UTF8.self)
        #expect(!duringHold.contains("a=t,"), "a photo was sent while the key was held")
        #expect(pager.waitFor { $0.lines.last?.contains("5/6") == true && $0.images.count == 1 })
        let after = String(decoding: pager.terminal.output(from: offset), as: UTF8.self)
        #expect(after.contains("a=t,"), "the photo the keys stopped at was never sent")
        #expect(pager.terminal.read { $0.kittyErrors }.isEmpty)
        #expect(pager.quit() == 0)
    }

    /// kitty answers the file probe OK: from then on photos go as `t=t` files (read and deleted
    /// by the terminal), shown as before; nothing is left behind at the end.
    @Test func kittyThatReadsOurFilesGetsPhotosByFile() throws {
        let pager = try InProcessPager(renderer: .kitty, photos: try Self.samplePhotos(), answersKittyQueries: true)
        pager.events.push(.input([.kittyGraphics(KittyGraphicsReply(control: "i=\(KittyFileTransfer.probeID)", message: "OK"))]))
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        pager.type([.right])
        #expect(pager.waitFor { $0.lines.last?.contains("2/6") == true && $0.images.count == 1 })
        let sent = pager.terminal.read { $0.kittyTransmissions }
        #expect(sent.contains { ($0.fileBytes ?? 0) > 100_000 }, "no photo came by file")
        #expect(sent.allSatisfy { $0.fileBytes != nil }, "thumbnails went inline before the probe's answer")
        #expect(pager.terminal.read { $0.kittyErrors }.isEmpty)
        #expect(pager.quit() == 0)
        // Every file named, the probe's included (never read here), is gone.
        let named = String(decoding: pager.terminal.output(from: 0), as: UTF8.self).components(separatedBy: "t=t;").dropFirst()
            .compactMap { $0.split(separator: "\u{1B}").first.flatMap { Data(base64Encoded: String($0)) } }
            .map { String(decoding: $0, as: UTF8.self) }
        #expect(named.count >= 3)
        #expect(named.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "files left behind")
    }

    /// Something else wrote over the screen (another program, tmux repainting): Ctrl-L clears it
    /// and draws everything again, the image included.
    @Test func ctrlLRedrawsWhatSomethingElseOverwrote() throws {
        let pager = try InProcessPager(renderer: .sixel, photos: try Self.samplePhotos())
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        try pager.terminal.write(Array("\u{1B}[2J\u{1B}[5;5Hgarbage from elsewhere".utf8))
        #expect(pager.terminal.read { $0.images.isEmpty && $0.text(row: 4).contains("garbage") })
        pager.events.push(.input([.key(.character("l"), modifiers: .ctrl)]))
        #expect(pager.waitFor { !$0.text(row: 4).contains("garbage") && $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        #expect(pager.quit() == 0)
    }
}
