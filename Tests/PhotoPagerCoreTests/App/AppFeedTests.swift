@testable import PhotoPagerCore
@testable import PhotoPagerBase
import Testing

/// Infinite scroll, the download ping and the info panel's details, as pure state changes.
@Suite("App: remote feeds")
struct AppFeedTests {
    static func pageRequests(_ effects: [Effect]) -> Int { effects.filter { $0 == .fetchNextPage }.count }

    @Test("the pager asks for the next page three photos from the end, once, and appends without moving")
    func pagerScrollsOn() {
        var session = AppFixtures.session(count: 10, feed: AppFixtures.feed(total: 146_831, hasMore: true))
        session.keys(.enter)
        var asked = 0
        for _ in 0 ..< 6 { asked += Self.pageRequests(session.keys(.right)) }
        #expect(asked == 0)                                    // at 7 of 10: three to go
        asked += Self.pageRequests(session.keys(.right))
        #expect(asked == 1)
        for _ in 0 ..< 3 { asked += Self.pageRequests(session.keys(.right)) }   // at the end, still waiting
        #expect(asked == 1)                                    // never a second request for the page
        #expect(session.frame.allText.contains("10/146,831"))
        #expect(StatusLine.grouped(12_345) == "12,345" && StatusLine.grouped(999) == "999" && StatusLine.grouped(1_000_000) == "1,000,000")
        let more = (11 ... 20).map { AppFixtures.photo($0) } + [AppFixtures.photo(3)]   // the feed shifted: p3 again
        session.send(.pageLoaded(FeedPageArrival(photos: more, total: 146_831, hasMore: true)))
        #expect(session.state.photos.count == 20)
        #expect(session.state.pagerIndex == 9)
        #expect(session.state.photos.map(\.id) == (1 ... 20).map { "p\($0)" })
    }

    @Test("the grid asks within two rows of the end")
    func gridScrollsOn() {
        var session = AppFixtures.session(count: 30, feed: AppFixtures.feed(hasMore: true))
        let columns = session.state.grid.layout.columnCount
        var asked = 0
        for _ in 0 ..< (30 - 2 * columns - 1) { asked += Self.pageRequests(session.keys(.right)) }
        #expect(asked == 0)                                    // two full rows still to go
        asked += Self.pageRequests(session.keys(.right))
        #expect(asked == 1)
        #expect(session.state.currentIndex == 30 - 2 * columns)
    }

    @Test("a failed page says why and is tried again when the person moves")
    func failedPageRetries() {
        var session = AppFixtures.session(count: 3, feed: AppFixtures.feed(hasMore: true))
        #expect(Self.pageRequests(session.log) == 1)           // three photos: near the end at once
        session.send(.pageFailed(reason: "Unsplash rate limit reached (50 requests an hour for demo keys)"))
        #expect(session.frame.allText.contains("Unsplash rate limit reached"))
        #expect(Self.pageRequests(session.send(.tick)) == 0)   // not by itself
        #expect(Self.pageRequests(session.keys(.right)) == 1)
    }

    @Test("a local library never asks for pages")
    func localNeverPages() {
        var session = AppFixtures.session(count: 3)
        session.keys(.enter, .right, .right)
        #expect(Self.pageRequests(session.log) == 0)
    }

    @Test("sharing an Unsplash photo pings its download_location once")
    func shareTracksOnce() {
        var session = AppFixtures.session(count: 4)
        session.keys(.enter, .right)
        #expect(session.type("s").contains(.trackDownload(session.state.photos[1])))
        #expect(!session.type("s").contains(.trackDownload(session.state.photos[1])))
        var local = AppFixtures.photo(1)
        local.links = Photo.Links(html: "file:///tmp/a.jpg")
        var other = AppFixtures.session(photos: [local])
        #expect(!other.type("s").contains { if case .trackDownload = $0 { true } else { false } })
    }

    @Test("the info panel asks for details after resting on a photo, not while paging through")
    func detailsAfterRest() {
        var session = AppFixtures.session(count: 6)
        session.keys(.enter)
        #expect(session.type("i").contains(.scheduleDetails(photoID: "p1")))
        #expect(session.type("l").contains(.scheduleDetails(photoID: "p2")))       // with the panel open, l pages
        #expect(session.send(.detailsDue(photoID: "p1")).isEmpty)                  // it moved on
        #expect(session.send(.detailsDue(photoID: "p2")).contains(.fetchDetails(photoID: "p2")))
        var full = AppFixtures.photo(2)
        full.location = Photo.Location(city: "Oslo", country: "Norway")
        session.send(.detailsLoaded(full))
        #expect(session.state.photos[1].location?.city == "Oslo")
        let back = session.type("hl")
        #expect(!back.contains(.scheduleDetails(photoID: "p2")))                   // once per photo
        #expect(back.contains(.scheduleDetails(photoID: "p1")))
    }

    @Test("a photo unavailable offline shows why and is asked for again at the next key")
    func unavailableRetriesOnKey() {
        var session = AppFixtures.session(count: 3)
        let first = Session.decodes(session.log).first { $0.content.photoID == "p1" }!.content
        session.send(.photoDecoded(first, .unavailable(reason: "cannot reach Unsplash")))
        #expect(session.state.loadState(of: first) == .failed(reason: "cannot reach Unsplash"))
        #expect(Session.decodes(session.send(.tick)).isEmpty)           // not by itself: no busy loop
        let again = Session.decodes(session.keys(.right))
        #expect(again.contains { $0.content.photoID == "p1" })
        // A real failure (a broken file) stays.
        let second = Session.decodes(session.log).last { $0.content.photoID == "p2" }!.content
        session.send(.photoDecoded(second, .failed(reason: "not a JPEG")))
        #expect(!Session.decodes(session.keys(.left)).contains { $0.content.photoID == "p2" })
    }

    @Test("an empty feed says so")
    func emptyFeed() {
        var session = AppFixtures.session(photos: [], feed: AppFixtures.feed(hasMore: true))
        #expect(Self.pageRequests(session.log) == 1)
        session.send(.pageLoaded(FeedPageArrival(photos: [], total: 0, hasMore: false)))
        #expect(session.frame.allText.contains("no photos here: the feed is empty"))
        session.keys(.enter, .right, .character("f"), .character("s"), .character("i"))   // nothing to act on
        #expect(session.state.photos.isEmpty)
    }

    @Test("few API calls left show in the status line")
    func rateRemaining() {
        var session = AppFixtures.session(count: 2)
        session.send(.rateRemaining(7))
        #expect(session.frame.allText.contains("7 API calls left"))
        session.send(.rateRemaining(40))
        #expect(!session.frame.allText.contains("API calls left"))
    }
}

@Suite("App: download progress")
struct AppDownloadTests {
    @Test("the pager shows how far the current photo's download has come, until it is decoded")
    func progressUntilDecoded() {
        var session = AppFixtures.session(count: 3)
        session.keys(.enter)
        session.send(.downloadProgress(photoID: "p1", received: 120_000, total: 266_000))
        #expect(session.frame.allText.contains("↓ 45% of 266 kB"))
        session.send(.downloadProgress(photoID: "p1", received: 5_000, total: 0))
        #expect(session.frame.allText.contains("↓ 5 kB"))
        session.decodeAll()
        #expect(!session.frame.allText.contains("↓"))
    }
}
