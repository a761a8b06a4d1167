import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("Animation: GIF and WebP play in the pager")
struct AnimationTests {
    /// The pager open on photo 1, decoded, and its animation's frames made (delays in ms).
    static func playing(_ delays: [Int] = [100, 250, 40]) -> (Session, ImageContent) {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        session.decodeAll()
        let content = session.frame.images[0].content
        session.send(.animationReady(content, delays: delays))
        return (session, content)
    }

    static func scheduled(_ effects: [Effect]) -> [(Duration, Int)] {
        effects.compactMap { if case .scheduleFrame(let after, let generation) = $0 { (after, generation) } else { nil } }
    }

    @Test("the page's first frame is what is decoded; its frames then play at their delays, round and round")
    func plays() throws {
        var session = AppFixtures.session(count: 5)
        let asked = Session.decodes(session.keys(.enter)).first
        #expect(asked?.content.photoID == "p1" && asked?.priority == .visible)
        #expect(asked?.content.frame == 0, "the page at fit may play")
        session.decodeAll()
        let content = session.frame.images[0].content
        let effects = session.send(.animationReady(content, delays: [100, 250, 40]))
        let first = try #require(Self.scheduled(effects).first)
        #expect(first.0 == .milliseconds(100))
        var timings: [Duration] = []
        var shown: [Int?] = []
        for _ in 0 ..< 4 {
            let next = Self.scheduled(session.send(.frameDue(generation: first.1)))
            timings += next.map(\.0)
            shown.append(session.frame.images.first?.content.frame)
        }
        #expect(shown == [1, 2, 0, 1])
        #expect(timings == [.milliseconds(250), .milliseconds(40), .milliseconds(100), .milliseconds(250)])
    }

    @Test("a pauses and plays on from the frame shown; a timer from before the pause is ignored")
    func pause() throws {
        var (session, _) = Self.playing()
        let generation = try #require(session.state.images.animations.current?.generation)
        session.send(.frameDue(generation: generation))
        #expect(session.state.images.animations.current?.frame == 1)
        #expect(Self.scheduled(session.type("a")).isEmpty)
        session.send(.frameDue(generation: generation))
        #expect(session.state.images.animations.current?.frame == 1, "paused")
        let resumed = try #require(Self.scheduled(session.type("a")).first)
        #expect(resumed.0 == .milliseconds(250) && resumed.1 != generation)
        session.send(.frameDue(generation: generation))
        #expect(session.state.images.animations.current?.frame == 1, "the old timer")
        session.send(.frameDue(generation: resumed.1))
        #expect(session.state.images.animations.current?.frame == 2)
    }

    @Test("Space keeps paging forward; a page turn, a zoom or the grid stop the animation")
    func stops() throws {
        var (session, content) = Self.playing()
        session.type(" ")
        #expect(session.state.pagerIndex == 1 && session.state.images.animations.current == nil)
        session.keys(.left)
        session.decodeAll()
        #expect(session.state.images.animations.current?.content == content && session.state.images.animations.current?.frame == 0, "back: from the start")
        session.type("+")
        #expect(session.state.images.animations.current == nil, "a zoomed view is a still")
        session.type("0")
        #expect(session.state.images.animations.current != nil)
        session.keys(.escape)
        #expect(session.state.images.animations.current == nil && session.frame.images.allSatisfy { $0.content.frame == nil },
                "the grid shows first frames only")
    }

    @Test("a terminal that plays animations itself (kitty) is told to play or stop, never sent frames")
    func terminalPlays() throws {
        let screen = AppState.Screen(columns: 100, rows: 30, playsAnimations: true)
        var session = Session(state: AppState(photos: AppFixtures.photos(5), sourceName: "Samples", screen: screen))
        session.send(.resize(screen))
        session.keys(.enter)
        session.decodeAll()
        let content = session.frame.images[0].content
        let effects = session.send(.animationReady(content, delays: [100, 250]))
        #expect(effects.contains(.animate(content, playing: true)) && Self.scheduled(effects).isEmpty)
        #expect(session.type("a").contains(.animate(content, playing: false)))
        #expect(session.type("a").contains(.animate(content, playing: true)))
        #expect(session.frame.images[0].content == content, "the first frame stays placed: kitty turns it")
    }
}
