import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("A page turn's photo before its filmstrip")
struct PhotoFirstTests {
    @Test("the turn's first frame has the new photo and the strip as it was; the next has the new strip")
    func photoFirst() throws {
        var session = AppFixtures.session(count: 12)
        session.keys(.enter, .right, .right)
        session.type("t")
        session.decodeAll()
        let before = session.frame
        let strip = try #require(session.state.layout.filmstrip)
        session.keys(.right)
        session.decodeAll()
        let after = session.frame
        let first = try #require(PhotoFirst.frame(after, previous: before, strip: strip))
        let inStrip = { (frame: Frame) in frame.images.filter { $0.rect.intersection(strip) != nil } }
        let outside = { (frame: Frame) in frame.images.filter { $0.rect.intersection(strip) == nil } }
        #expect(outside(first) == outside(after) && outside(after) != outside(before), "the new photo")
        #expect(inStrip(first) == inStrip(before) && inStrip(after) != inStrip(before), "the strip as it was")
        #expect(PhotoFirst.frame(after, previous: first, strip: strip) == nil, "then the frame as it is")
        #expect(PhotoFirst.frame(after, previous: before, strip: nil) == nil, "no strip: nothing to hold")
    }
}
