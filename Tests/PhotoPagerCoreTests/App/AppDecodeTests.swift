import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("App update: decodes asked for, stood in for, failed and cancelled")
struct AppDecodeTests {
    /// A 3:2 page at fit on the 100×30 screen (10×20 px cells).
    static let page = PixelSize(width: 840, height: 560)

    @Test("a decode failure shows an error tile with the reason, and paging goes on")
    func decodeFailure() throws {
        var session = AppFixtures.session()
        session.keys(.enter)
        let current = try #require(Session.decodes(session.log).last { $0.content == ImageContent(photoID: "p1", pixelSize: Self.page, frame: 0) })
        session.send(.photoDecoded(current.content, .failed(reason: "not a JPEG")))
        let text = session.frame.allText
        #expect(text.contains("Can't show this photo"))
        #expect(text.contains("not a JPEG"))
        #expect(session.frame.images.isEmpty)
        #expect(session.state.loadState(of: current.content) == .failed(reason: "not a JPEG"))
        session.keys(.right)
        #expect(session.state.pagerIndex == 1)
        session.decodeAll()
        #expect(session.frame.images.map(\.content.photoID) == ["p2"])
        // Going back never asks for the broken photo again.
        let back = session.keys(.left)
        #expect(!Session.decodes(back).contains { $0.content.photoID == "p1" })
        #expect(session.frame.allText.contains("not a JPEG"))
    }

    @Test("a draft stands in for the page while its decode goes on, and gives way to it")
    func draftStandsIn() throws {
        var session = AppFixtures.session()
        session.keys(.enter)
        let page = try #require(Session.decodes(session.log).last { $0.content == ImageContent(photoID: "p1", pixelSize: Self.page, frame: 0) })
        #expect(session.frame.images.isEmpty)
        session.send(.photoDecoded(page.content, .drafted))
        #expect(session.state.loadState(of: page.content) == .drafted)
        #expect(session.frame.images.map(\.content) == [page.content.asDraft])
        session.send(.photoDecoded(page.content, .decoded))
        #expect(session.frame.images.map(\.content) == [page.content])
        // A draft told late never takes the place of the photo itself.
        session.send(.photoDecoded(page.content, .drafted))
        #expect(session.frame.images.map(\.content) == [page.content])
        // Nor of a failure, nor is a draft of a photo no longer wanted kept.
        session.keys(.right)
        let next = try #require(Session.decodes(session.log).last { $0.content == ImageContent(photoID: "p2", pixelSize: Self.page, frame: 0) })
        session.send(.photoDecoded(next.content, .failed(reason: "broken")), .photoDecoded(next.content, .drafted))
        #expect(session.frame.images.isEmpty && session.frame.allText.contains("broken"))
        session.send(.photoDecoded(ImageContent(photoID: "p9", pixelSize: page.content.pixelSize, frame: 0), .drafted))
        #expect(session.state.images.loads.asked[ImageContent(photoID: "p9", pixelSize: page.content.pixelSize, frame: 0)] == nil)
    }

    @Test("flipping fast cancels the decodes that went stale; only the latest window is kept")
    func fastFlippingCancels() {
        var session = AppFixtures.session(count: 20)
        session.keys(.enter)
        let firstTurn = session.keys(.right)
        #expect(Session.cancels(firstTurn).isEmpty)  // photos 0…3 all still wanted
        var flips: [Effect] = []
        for _ in 0..<5 { flips += session.keys(.right) }
        #expect(session.state.pagerIndex == 6)
        let size = Self.page
        let window = Set((5...9).map { ImageContent(photoID: "p\($0)", pixelSize: size, frame: 0) })
        #expect(Session.cancels(flips).last == window)
        #expect(Set(session.state.images.loads.asked.keys) == window)
        let cancelled = Session.cancels(flips).first
        #expect(cancelled?.contains(ImageContent(photoID: "p1", pixelSize: size)) == false)
        // A late answer for a cancelled decode changes nothing.
        let late = session.send(.photoDecoded(ImageContent(photoID: "p1", pixelSize: size), .decoded))
        #expect(late.isEmpty)
    }

    @Test("the pager asks for the page first, then ±1 and ±2 as prefetch")
    func pagerPrefetch() {
        var session = AppFixtures.session()
        session.keys(.enter, .right, .right)
        let fresh = Session.decodes(session.keys(.right))
        #expect(fresh.map(\.content) == [ImageContent(photoID: "p6", pixelSize: Self.page, frame: 0)])
        #expect(fresh.first?.priority == .prefetch)
        let ordered = session.state.wantedDecodes
        #expect(ordered.map(\.content) == [4, 5, 3, 6, 2].map { ImageContent(photoID: "p\($0)", pixelSize: Self.page, frame: 0) },
                "the page at fit, then +1, -1, +2, -2, each at fit")
        #expect(ordered.map(\.priority) == [.visible, .prefetch, .prefetch, .prefetch, .prefetch])
    }
}
