import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("Marks and what is printed at exit")
struct MarksTests {
    static func photo(_ id: String) -> Photo { Photo(id: id, width: 3, height: 2, urls: .init(), user: .init()) }

    @Test("picks: once each, in the order first chosen; an unmarked photo goes unless shared")
    func picksOrder() {
        var picks = Picks()
        picks.toggleMark(Self.photo("b"))
        picks.share(Self.photo("a"))
        picks.share(Self.photo("a"))                       // shared twice: printed once
        picks.toggleMark(Self.photo("c"))
        picks.toggleMark(Self.photo("c"))                  // marked, then unmarked: not printed
        picks.toggleMark(Self.photo("a"))                  // shared and marked: still once, where first chosen
        #expect(picks.chosen == ["b", "a"])
        picks.toggleMark(Self.photo("a"))                  // unmarked, but it was shared
        picks.toggleMark(Self.photo("b"))
        picks.toggleMark(Self.photo("b"))                  // marked again: keeps its first place
        picks.toggleMark(Self.photo("c"))
        #expect(picks.chosen == ["b", "a", "c"])
    }

    @Test("m marks the selection in the grid and the photo in the pager; M inverts every loaded photo")
    func marking() {
        var session = AppFixtures.session(count: 4)
        session.type("m")
        session.keys(.right, .right)
        session.keys(.enter)
        session.type("m")                      // the third photo, in the pager
        #expect(session.state.exitSelection.map(\.id) == ["p1", "p3"])
        #expect(session.frame.text(row: 0).contains("✓ Photo by Photographer 3"), "the top bar says it is marked")
        session.type("M")
        #expect(session.state.session.picks.marked == ["p2", "p4"])
        #expect(session.state.exitSelection.map(\.id) == ["p2", "p4"], "the newly marked follow the photos' order")
        session.type("q")
        #expect(session.frame.text(row: session.frame.rows - 1).contains("2 marked · 3/4"))
    }

    @Test("a marked tile's caption has a ✓ and is not dimmed")
    func markedCaption() {
        var session = AppFixtures.session(count: 4)
        session.keys(.right)
        session.type("m")
        session.keys(.left)
        let frame = session.frame
        let captions = (0 ..< frame.rows).map { frame.text(row: $0) }.filter { $0.contains("Photographer 2") }
        #expect(captions.contains { $0.contains("✓ Photographer 2") }, "\(captions)")
    }

    @Test("s and m together: the output order is the order chosen, across grid and pager")
    func shareAndMark() {
        var session = AppFixtures.session(count: 5)
        session.keys(.right, .right, .right)
        session.type("m")                      // the 4th
        session.keys(.enter)
        session.keys(.left)
        session.type("s")                      // the 3rd, shared
        session.type("s")
        session.type("m")                      // and marked: still once
        #expect(session.state.exitSelection.map(\.id) == ["p4", "p3"])
    }
}
