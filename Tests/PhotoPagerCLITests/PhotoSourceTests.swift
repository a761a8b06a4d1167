import Foundation
import PhotoLibrary
import PhotoPagerBase
@testable import PhotoPagerCLI
import Testing
import TestSupport

/// The pager over a photo source that is not Unsplash (`InMemorySource`): it pages by cursor,
/// searches, and gives details through the same seam, with nothing in the loop that knows it.
@Suite(.serialized, .ownThreads) struct PhotoSourceTests {
    @Test func thePagerPagesOnThroughASourceByItsCursor() throws {
        let source = try InMemorySource.samples(12, pageSize: 5)
        let pager = try InProcessPager(renderer: .blocks, photos: [], source: source)
        #expect(pager.waitFor { $0.lines.last?.contains("1/12") == true }, "the first page, counted from the source's total")
        #expect(source.asked.first == "page start")
        pager.type([.enter])
        for _ in 0 ..< 11 {
            pager.type([.right])
            pager.settle()
        }
        #expect(pager.waitFor { $0.lines.last?.contains("12/12") == true }, "every page came, as the pager neared its end")
        #expect(source.asked == ["page start", "page after-m5", "page after-m10"], "each page once, by the cursor the last one gave")
        #expect(pager.quit() == 0)
    }

    @Test func slashSearchesTheSourceAndTheInfoPanelAsksItForDetails() throws {
        let source = try InMemorySource.samples(12, pageSize: 5)
        let pager = try InProcessPager(renderer: .blocks, photos: [], source: source)
        #expect(pager.waitFor { $0.lines.last?.contains("1/12") == true })
        pager.type([.character("/")] + "rocket".map { .character($0) })
        #expect(pager.waitFor { $0.lines.last?.contains("⏎ search Shelf") == true })
        pager.type([.enter])
        #expect(pager.waitFor { $0.lines.last?.contains("1/2") == true }, "the search's photos: rocket twice in twelve")
        #expect(pager.terminal.read { $0.lines.last?.contains("Shelf · “rocket”") == true })
        pager.type([.character("i")])
        pager.advance(by: .milliseconds(500))       // the panel rests on the photo: its details are asked for
        #expect(pager.waitFor { $0.lines.joined().contains("Model m4") }, "the details the source gave")
        #expect(pager.quit() == 0)
    }

    @Test func itsImagesComeThroughItsOwnFetcherAtTheSizeShown() throws {
        let source = try InMemorySource.samples(5, pageSize: 5)
        let pager = try InProcessPager(renderer: .kitty, photos: [], source: source)
        #expect(pager.waitFor { $0.images.count == 5 }, "every tile drawn from the shelf's bytes")
        let widest = pager.terminal.read { $0.images.map(\.rect.width).max() ?? 0 } * 10
        let asked = source.fetcher.requests
        #expect(Set(asked.map(\.photoID)) == ["m1", "m2", "m3", "m4", "m5"])
        #expect(asked.allSatisfy { $0.width <= widest }, "asked at the tiles' size: \(asked), tiles \(widest) px wide")
        let thumbnail = try #require(asked.first { $0.photoID == "m1" })
        pager.type([.enter])
        #expect(pager.waitFor { $0.images.count == 1 && $0.text(row: 0).contains("↗ share") })
        #expect(source.fetcher.requests.contains { $0.photoID == "m1" && $0.width > thumbnail.width * 2 },
                "the page asked for at its own, larger size")
        #expect(pager.quit() == 0)
    }

    @Test func dSavesTheOriginalTheSourceHandsOver() throws {
        let source = try InMemorySource.samples(3, pageSize: 3)
        let folder = try TemporaryDirectory()
        let pager = try InProcessPager(renderer: .blocks, photos: [], source: source, downloadDir: folder.url.path)
        #expect(pager.waitFor { $0.lines.last?.contains("1/3") == true })
        pager.type([.enter, .character("d")])
        #expect(pager.waitFor { $0.lines.last?.contains("Saved ") == true }, "the status line says where it went")
        #expect(source.fetcher.originalsAsked == ["m1"])
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(saved.count == 1 && saved[0].hasPrefix("m1"), "\(saved)")
        #expect(pager.quit() == 0)
    }
}
