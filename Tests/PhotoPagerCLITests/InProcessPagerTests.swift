import Foundation
import PhotoLibrary
import PhotoPagerCore
import Testing
import TestSupport

/// The pager loop itself, in-process: its bytes through the virtual screen, its events scripted.
@Suite(.serialized) struct InProcessPagerTests {
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
}
