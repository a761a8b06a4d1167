import Testing
@testable import PhotoPagerCore

@Suite("Slideshow: S, the timer, pausing on other keys")
struct SlideshowTests {
    static func scheduled(_ effects: [Effect]) -> Int? {
        effects.lazy.compactMap { if case .scheduleSlide(_, let generation) = $0 { generation } else { nil } }.first
    }

    @Test("S in the grid opens the pager on the selection and turns a page at each timer")
    func runs() throws {
        var session = AppFixtures.session(count: 3)
        session.keys(.right)
        let started = session.type("S")
        #expect(session.state.mode == .pager && session.state.pagerIndex == 1)
        let first = try #require(Self.scheduled(started))
        #expect(started.contains(.scheduleSlide(after: .milliseconds(5000), generation: first)))
        #expect(session.frame.text(row: session.frame.rows - 1).contains("▶ slideshow 5 s"))
        let next = session.send(.slideDue(generation: first))
        #expect(session.state.pagerIndex == 2)
        let second = try #require(Self.scheduled(next))
        #expect(session.send(.slideDue(generation: first)).allSatisfy { $0 == .redraw || Self.scheduled([$0]) == nil },
                "a stale timer does nothing")
        #expect(session.state.pagerIndex == 2)
        // The last photo: it stops there.
        #expect(Self.scheduled(session.send(.slideDue(generation: second))) == nil)
        #expect(session.state.pagerIndex == 2 && !session.state.pager.slideshow.isRunning)
    }

    @Test("--loop starts again at the first photo")
    func loops() throws {
        let screen = AppState.Screen(columns: 100, rows: 30)
        var state = AppState(photos: AppFixtures.photos(2), sourceName: "S", screen: screen,
                             slideshow: Slideshow(seconds: 0.5, loops: true))
        _ = update(&state, .resize(screen))
        var generation = try #require(Self.scheduled(update(&state, .input(.key(.character("S"))))))
        var seen: [Int] = []
        for _ in 0 ..< 4 {
            seen.append(state.pagerIndex)
            generation = try #require(Self.scheduled(update(&state, .slideDue(generation: generation))))
        }
        #expect(seen == [0, 1, 0, 1])
        #expect(state.pager.slideshow.seconds == 0.5)
    }

    @Test("another key pauses it and still does its job; S resumes")
    func otherKeysPause() throws {
        var session = AppFixtures.session(count: 5)
        let generation = try #require(Self.scheduled(session.type("S")))
        session.keys(.right)
        #expect(session.state.pagerIndex == 1, "→ still pages")
        #expect(!session.state.pager.slideshow.isRunning)
        _ = session.send(.slideDue(generation: generation))
        #expect(session.state.pagerIndex == 1, "the paused slideshow's timer does nothing")
        let resumed = try #require(Self.scheduled(session.type("S")))
        _ = session.send(.slideDue(generation: resumed))
        #expect(session.state.pagerIndex == 2)
        session.type("S")
        #expect(!session.state.pager.slideshow.isRunning, "S pauses")
    }
}
