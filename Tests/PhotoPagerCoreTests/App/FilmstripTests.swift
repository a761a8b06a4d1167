import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("Filmstrip: t, the neighbours under the photo")
struct FilmstripTests {
    static let strip = Rect(x: 0, y: 24, width: 100, height: Filmstrip.rows)

    @Test("an odd number of slots, the current one in the middle; empty slots past either end")
    func slots() {
        let middle = Filmstrip.slots(in: Self.strip, current: 5, count: 12, cell: .typicalCell)
        #expect(middle.count % 2 == 1 && middle.count >= 3)
        let centre = middle[middle.count / 2]
        #expect(centre.offset == 0 && centre.index == 5)
        #expect(abs((centre.box.x + centre.box.width / 2) - 50) <= 1, "centred on the strip")
        #expect(middle.map(\.index) == (0 ..< middle.count).map { 5 - middle.count / 2 + $0 })
        let first = Filmstrip.slots(in: Self.strip, current: 0, count: 12, cell: .typicalCell)
        #expect(first[first.count / 2].index == 0)
        #expect(first.prefix(first.count / 2).allSatisfy { $0.index == nil }, "nothing before the first")
        let last = Filmstrip.slots(in: Self.strip, current: 11, count: 12, cell: .typicalCell)
        #expect(last.suffix(last.count / 2).allSatisfy { $0.index == nil }, "nothing after the last")
        #expect(middle.allSatisfy { $0.box.height == Filmstrip.rows - 1 && $0.box.maxX <= 100 })
    }

    @Test("t shows it under a shorter photo, asks for its thumbnails, keeps the choice; not in full screen")
    func toggle() {
        var session = AppFixtures.session(count: 12)
        session.keys(.enter, .right, .right)
        let before = session.state.layout.pagerPhotoArea
        let effects = session.type("t")
        #expect(effects.contains(.remember(Remembered(showsFilmstrip: true))))
        let strip = session.state.layout.filmstrip
        #expect(strip != nil && session.state.layout.pagerPhotoArea.height == before.height - Filmstrip.rows)
        let state = session.state
        let slots = Set(state.filmstripSlots.compactMap { slot in
            slot.index.map { ImageContent(photoID: state.photos[$0].id, pixelSize: state.filmstripFit(slot)!.pixelSize) }
        })
        let thumbnails = Session.decodes(effects).filter { slots.contains($0.content) }
        #expect(Set(thumbnails.map(\.content)) == slots)
        #expect(thumbnails.allSatisfy { $0.priority == .visible })
        session.decodeAll()
        let frame = session.frame
        let inStrip = frame.images.filter { strip?.contains(column: $0.rect.x, row: $0.rect.y) == true }
        #expect(inStrip.count == session.state.filmstripSlots.filter { $0.index != nil }.count)
        let centre = session.state.filmstripSlots.first { $0.offset == 0 }!
        #expect(frame.text(row: centre.box.maxY).contains("━━━"))
        session.type("f")
        #expect(session.state.layout.filmstrip == nil, "hidden in full screen")
        session.type("f")
        session.type("t")
        #expect(session.state.layout.filmstrip == nil && session.state.session.remembered.showsFilmstrip == false)
    }

    @Test("the thumbnails a page turn brings into the strip are asked for ahead, at their slot's size")
    func nextThumbnailsAhead() throws {
        var session = AppFixtures.session(count: 30)
        session.keys(.enter)
        for _ in 0 ..< 10 { session.keys(.right) }
        let effects = session.type("t")
        let slots = session.state.filmstripSlots
        let ends = [slots.first!.index! - 1, slots.last!.index! + 1].map { session.state.photos[$0].id }
        let ahead = Session.decodes(effects).filter { $0.priority == .prefetch && $0.content.frame == nil }
        #expect(Set(ahead.map(\.content.photoID)) == Set(ends), "stills, not pages at fit")
        session.keys(.right)
        session.decodeAll()
        let entering = try #require(session.state.filmstripSlots.last)
        let asked = try #require(ahead.first { $0.content.photoID == ends[1] })
        #expect(session.frame.images.contains { $0.content == asked.content && $0.rect.intersection(entering.box) != nil },
                "the one asked ahead is the one the strip shows")
    }

    @Test("a click on a thumbnail pages there")
    func click() throws {
        var session = AppFixtures.session(count: 12)
        session.keys(.enter, .right, .right, .right)           // p4
        session.type("t")
        let target = try #require(session.state.filmstripSlots.first { $0.offset == -2 })
        session.send(.input(.mouse(MouseEvent(action: .press(.left), column: target.box.x + 1, row: target.box.y + 1))))
        #expect(session.state.pagerIndex == 1)
        #expect(session.state.filmstripSlots.first { $0.offset == 0 }?.index == 1, "the strip follows")
    }
}
