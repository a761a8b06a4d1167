import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("App update: input")
struct AppInputTests {
    @Test("Ctrl-C quits from anywhere, Ctrl-Z suspends, q quits only from the grid")
    func quitAndSuspend() {
        var session = AppFixtures.session()
        session.keys(.enter)
        #expect(session.send(.input(.key(.character("z"), modifiers: .ctrl))) == [.suspend])
        session.type("?")
        #expect(session.send(.input(.key(.character("c"), modifiers: .ctrl))) == [.abort], "Ctrl-C aborts: nothing printed")
        var grid = AppFixtures.session()
        #expect(grid.type("q") == [.quit])
    }

    @Test("Ctrl-L repaints from anywhere, the key map open included, and changes nothing else")
    func ctrlLRepaints() {
        var session = AppFixtures.session()
        #expect(session.send(.input(.key(.character("l"), modifiers: .ctrl))) == [.repaint])
        #expect(session.state.grid.selectedIndex == 0, "not the l of the grid's hjkl")
        session.keys(.enter)
        session.type("?")
        #expect(session.send(.input(.key(.character("l"), modifiers: .ctrl))) == [.repaint])
        #expect(session.state.chrome.keyMap.isShown)
    }

    @Test("grid keys move the selection", arguments: [
        ([Key.right], 1), ([.character("l"), .character("l")], 2), ([.down], 4), ([.character("j"), .character("k")], 0),
        ([.end], 11), ([.character("G"), .character("g")], 0), ([.pageDown], 11), ([.down, .left], 3),
    ])
    func gridMoves(keys: [Key], index: Int) {
        var session = AppFixtures.session()
        for key in keys { session.keys(key) }
        #expect(session.state.grid.selectedIndex == index)
        #expect(session.state.mode == .grid)
    }

    @Test("a click selects; a click on the selection opens it")
    func clickSelectsThenOpens() {
        var session = AppFixtures.session()
        // Second column's box starts at x 26; rows 0…7 are the first row of boxes.
        session.click(column: 30, row: 3)
        #expect(session.state.grid.selectedIndex == 1)
        #expect(session.state.mode == .grid)
        session.click(column: 30, row: 8)  // its caption
        #expect(session.state.mode == .pager)
        #expect(session.state.pagerIndex == 1)
    }

    @Test("the wheel scrolls the grid without moving the selection; sideways it pages the pager")
    func wheel() {
        var session = AppFixtures.session(count: 60)
        session.send(.input(.mouse(MouseEvent(action: .wheelDown, column: 5, row: 5))))
        #expect(session.state.grid.scrollOffset == 3)
        #expect(session.state.grid.selectedIndex == 0)
        session.keys(.enter)
        session.send(.input(.mouse(MouseEvent(action: .wheelRight, column: 5, row: 5))))
        #expect(session.state.pagerIndex == 1)
        session.send(.input(.mouse(MouseEvent(action: .wheelLeft, column: 5, row: 5))))
        #expect(session.state.pagerIndex == 0)
        session.send(.input(.mouse(MouseEvent(action: .wheelDown, column: 5, row: 5))))
        #expect(session.state.pagerIndex == 0 && session.state.activeZoom == nil, "down at fit: nothing")
    }

    @Test("↓, j and q go back from the pager; q then quits from the grid")
    func backKeys() {
        for key in [Key.down, .character("j"), .character("q"), .escape] {
            var session = AppFixtures.session()
            session.keys(.enter, .right)
            session.keys(key)
            #expect(session.state.mode == .grid)
            #expect(session.state.grid.selectedIndex == 1)
        }
    }

    @Test("the key map is modal: ? opens it, other keys are swallowed, ? or Esc closes it")
    func keyMap() {
        var session = AppFixtures.session()
        session.type("?")
        #expect(session.state.chrome.keyMap.isShown)
        #expect(session.frame.allText.contains("Keys"))
        session.keys(.right)
        #expect(session.state.grid.selectedIndex == 0)
        session.keys(.escape)
        #expect(!session.state.chrome.keyMap.isShown)
        session.keys(.right)
        #expect(session.state.grid.selectedIndex == 1)
    }

    @Test("the spinner turns only while a visible photo is loading")
    func spinner() {
        var session = AppFixtures.session()
        #expect(session.send(.tick) == [.redraw])
        #expect(session.state.images.loads.spinnerPhase == 1)
        session.decodeAll()
        #expect(session.send(.tick).isEmpty)
        #expect(session.state.images.loads.spinnerPhase == 1)
    }

    @Test("appended photos join the grid and the pager without moving either")
    func appendPhotos() {
        var session = AppFixtures.session(count: 4)
        session.keys(.enter, .right)
        session.send(.pageLoaded(FeedPageArrival(photos: [AppFixtures.photo(5), AppFixtures.photo(6)], total: nil, hasMore: false)))
        #expect(session.state.photos.count == 6)
        #expect(session.state.pagerIndex == 1)
        #expect(session.state.pager.position.photoCount == 6)
        #expect(session.frame.text(row: 29).hasSuffix("2/6 "))
        session.keys(.end)
        #expect(session.state.pagerIndex == 5)
    }

    @Test("an empty library shows a message and Enter does nothing")
    func emptyLibrary() {
        var session = AppFixtures.session(count: 0)
        session.keys(.enter)
        #expect(session.state.mode == .grid)
        #expect(session.type("s").isEmpty)
        #expect(session.frame.allText.contains("No photos"))
    }
}
