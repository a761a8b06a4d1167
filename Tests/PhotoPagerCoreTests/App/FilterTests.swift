import Testing
@testable import PhotoPagerCore

@Suite("Filter: / narrows the grid as you type")
struct FilterTests {
    @Test("typing filters by description, the selection stays when it survives, the status counts")
    func typing() {
        var session = AppFixtures.session(count: 12)
        session.keys(.end)                                  // p12
        session.type("/")
        #expect(session.state.list.filter?.isEditing == true)
        session.type("number 1")
        #expect(session.state.photos.map(\.id) == ["p1", "p10", "p11", "p12"])
        #expect(session.state.currentPhoto?.id == "p12")
        let status = session.frame.text(row: session.frame.rows - 1)
        #expect(status.contains("/number 1") && status.contains("4 of 12 · 4/4"), "\(status)")
        session.type("q")                                   // typed, not a quit
        #expect(session.state.photos.isEmpty && session.state.list.filter?.text == "number 1q")
        #expect(session.frame.text(row: session.frame.rows - 1).contains("0 of 12"))
        session.type("/")                                   // still editing: "/" is typed
        session.keys(.escape)
        #expect(session.state.photos.count == 12 && session.state.currentPhoto?.id == "p12",
                "cleared from nothing matching: back on the photo it was on")
        session.type("/")
        session.type("number 1q")
        session.keys(.backspace, .backspace)
        #expect(session.state.photos.count == 12, "\"number \" matches them all")
        #expect(session.state.currentPhoto?.id == "p12")
    }

    @Test("Enter keeps it, Esc in the prompt clears it; the photo looked at stays selected")
    func keepAndClear() {
        var session = AppFixtures.session(count: 12)
        session.type("/")
        session.type("photographer 1")
        session.keys(.down)                                 // in the prompt: no binding, not typed
        session.keys(.enter)
        #expect(session.state.list.filter?.isEditing == false && session.state.photos.count == 4)
        session.keys(.right)
        #expect(session.state.currentPhoto?.id == "p10", "the grid moves within the filtered photos")
        session.type("/")
        session.keys(.escape)
        #expect(session.state.list.filter == nil && session.state.photos.count == 12)
        #expect(session.state.currentPhoto?.id == "p10")
        let quit = session.type("q")
        #expect(quit == [.quit])
    }

    @Test("marks survive filtering: a marked photo filtered out is still printed")
    func marksSurvive() {
        var session = AppFixtures.session(count: 12)
        session.keys(.right)
        session.type("m")                                   // p2
        session.type("/")
        session.type("number 1")
        session.keys(.enter)
        session.type("m")                                   // p1, the first match
        #expect(session.state.exitSelection.map(\.id) == ["p2", "p1"])
        #expect(session.frame.text(row: session.frame.rows - 1).contains("2 marked"))
    }

    @Test("headers arriving for photos filtered out are kept for when the filter goes")
    func headersWhileFiltered() {
        let screen = AppState.Screen(columns: 100, rows: 30)
        var unread = AppFixtures.photos(3)
        for index in unread.indices { unread[index].width = 0; unread[index].height = 0 }
        var state = AppState(photos: unread, sourceName: "S", screen: screen, headersPending: Set(unread.map(\.id)))
        _ = update(&state, .resize(screen))
        _ = update(&state, .input(.key(.character("/"))))
        for character in "number 2" { _ = update(&state, .input(.key(.character(character)))) }
        _ = update(&state, .headersRead(AppFixtures.photos(3), failed: [:]))
        #expect(state.list.headers.pending.isEmpty)
        _ = update(&state, .input(.key(.escape)))
        #expect(state.photos.allSatisfy { $0.width == 3000 }, "the full list learnt the sizes too")
    }
}

@Suite("Search: / with an Unsplash feed")
struct SearchTests {
    @Test("a paged source that cannot search is filtered like a folder; one that can is searched under its own name")
    func theSourceDecidesWhatSlashDoes() {
        let plain = FeedStatus(service: "Library", capabilities: [], total: 6, hasMore: false)
        var session = AppFixtures.session(count: 6, feed: plain)
        session.type("/")
        session.type("number 3")
        #expect(session.state.photos.map(\.id) == ["p3"], "filtered as typed")
        #expect(!session.keys(.enter).contains(.startSearch("number 3")))
        let searching = FeedStatus(service: "Library", capabilities: [.search], total: 6, hasMore: false)
        session = AppFixtures.session(count: 6, feed: searching)
        session.type("/")
        session.type("dogs")
        #expect(session.frame.text(row: session.frame.rows - 1).contains("⏎ search Library"))
        #expect(session.keys(.enter).contains(.startSearch("dogs")))
        #expect(session.state.list.sourceName == "Library · “dogs”")
    }

    @Test("typing does not filter; Enter starts a new search feed in place; what was picked stays picked")
    func enterStartsASearch() {
        var session = AppFixtures.session(count: 6, feed: AppFixtures.feed(total: 6, hasMore: false))
        session.type("m")                                    // p1 marked, before the search
        session.type("/")
        session.type("cats")
        #expect(session.state.photos.count == 6, "a search is not a filter of what is loaded")
        #expect(session.frame.text(row: session.frame.rows - 1).contains("⏎ search Unsplash"))
        let effects = session.keys(.enter)
        #expect(effects.contains(.startSearch("cats")))
        #expect(effects.contains(.fetchNextPage), "the first page of the search")
        #expect(session.state.photos.isEmpty && session.state.list.filter == nil && session.state.mode == .grid)
        #expect(session.state.list.sourceName == "Unsplash · “cats”")
        let page = FeedPageArrival(photos: [AppFixtures.photo(7)], total: 1, hasMore: false, fromCache: false)
        session.send(.pageLoaded(page))
        #expect(session.state.photos.map(\.id) == ["p7"])
        #expect(session.state.exitSelection.map(\.id) == ["p1"], "the mark survives the new list")
        session.type("/")
        session.keys(.escape)
        #expect(session.state.photos.map(\.id) == ["p7"] && session.state.list.filter == nil, "Esc cancels the search")
    }
}
