@testable import PhotoPagerCore
@testable import PhotoPagerBase
import Testing

/// A slow link: page photos go out with fewer pixels in the same box, the photo rested on sharper.
@Suite("App: page photos over a slow link")
struct LinkBudgetTests {
    static func pager() -> Session {
        var session = AppFixtures.session(count: 5)
        session.keys(.enter)
        return session
    }

    @Test("fewer pixels, the same cells, for the page and the neighbours sent ahead; the zoom is not changed")
    func fewerPixelsSameBox() throws {
        var session = Self.pager()
        let full = try #require(session.state.pageFit(forPhotoAt: 0))
        let zoomFit = session.state.fitScale
        session.send(.linkMeasured(first: .pixels(50_000), sharp: .pixels(200_000)))
        let first = try #require(session.state.pageFit(forPhotoAt: 0))
        #expect(first.rect == full.rect)
        #expect(first.pixelSize.width * first.pixelSize.height <= 50_000)
        #expect(abs(Double(first.pixelSize.width) / Double(first.pixelSize.height) - 1.5) < 0.02, "the photo's shape kept")
        #expect(session.state.neighbourContents.allSatisfy { $0.pixelSize.width * $0.pixelSize.height <= 50_000 })
        #expect(session.state.fitScale == zoomFit)
        session.send(.linkMeasured(first: nil, sharp: nil))
        #expect(session.state.pageFit(forPhotoAt: 0) == full)
    }

    @Test("rested on, the photo goes out sharper in the same box; what went first stays shown until then")
    func sharpInPlace() throws {
        var session = Self.pager()
        session.send(.linkMeasured(first: .pixels(50_000), sharp: .pixels(200_000)))
        let first = try #require(session.state.pageFit(forPhotoAt: 0))
        let firstContent = ImageContent(photoID: "p1", pixelSize: first.pixelSize, frame: 0)
        session.send(.photoDecoded(firstContent, .decoded))
        session.send(.linkRested)
        let sharp = try #require(session.state.pageFit(forPhotoAt: 0))
        #expect(sharp.rect == first.rect)
        #expect(sharp.pixelSize.width * sharp.pixelSize.height > 50_000 && sharp.pixelSize.width * sharp.pixelSize.height <= 200_000)
        // Until the sharp one is ready: the first one is drawn, and still wanted.
        let frame = AppView.frame(for: session.state)
        #expect(frame.images.map(\.content) == [firstContent])
        #expect(session.state.wantedContents.contains(firstContent))
        let sharpContent = ImageContent(photoID: "p1", pixelSize: sharp.pixelSize, frame: 0)
        session.send(.photoDecoded(sharpContent, .decoded))
        #expect(AppView.frame(for: session.state).images.map(\.content) == [sharpContent])
        #expect(AppView.frame(for: session.state).images.map(\.rect) == [first.rect])
        // The next photo goes out with few pixels again.
        session.keys(.right)
        let next = try #require(session.state.pageFit(forPhotoAt: 1))
        #expect(next.pixelSize.width * next.pixelSize.height <= 50_000)
    }

    @Test("sixel: the same pixels in the same box within a byte budget; rested on, within a larger one, in place")
    func sixelFewerBytes() throws {
        var session = Self.pager()
        let full = try #require(session.state.pageFit(forPhotoAt: 0))
        session.send(.linkMeasured(first: .bytes(200_000), sharp: .bytes(1_000_000)))
        let first = try #require(session.state.pageFit(forPhotoAt: 0))
        #expect(first.rect == full.rect && first.pixelSize == full.pixelSize && first.byteBudget == 200_000)
        #expect(!session.state.neighbourContents.isEmpty)
        #expect(session.state.neighbourContents.allSatisfy { $0.byteBudget == 200_000 })
        let firstContent = first.content(of: "p1", frame: 0)
        session.send(.photoDecoded(firstContent, .decoded))
        #expect(AppView.frame(for: session.state).images.map(\.content) == [firstContent])
        session.send(.linkRested)
        let sharp = try #require(session.state.pageFit(forPhotoAt: 0))
        #expect(sharp.pixelSize == full.pixelSize && sharp.byteBudget == 1_000_000)
        #expect(AppView.frame(for: session.state).images.map(\.content) == [firstContent], "until the sharp one is ready")
        let sharpContent = sharp.content(of: "p1", frame: 0)
        session.send(.photoDecoded(sharpContent, .decoded))
        #expect(AppView.frame(for: session.state).images.map(\.content) == [sharpContent])
        #expect(AppView.frame(for: session.state).images.map(\.rect) == [first.rect])
        session.keys(.right)
        #expect(session.state.pageFit(forPhotoAt: 1)?.byteBudget == 200_000)
    }
}
