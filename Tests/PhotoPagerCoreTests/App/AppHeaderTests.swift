@testable import PhotoPagerBase
import Testing

@Suite("App: headers read as the screen needs them")
struct AppHeaderTests {
    static func placeholders(_ count: Int) -> [Photo] {
        (1 ... count).map { Photo(id: "p\($0)", width: 0, height: 0, urls: Photo.URLs(raw: "file:///p\($0).jpg"), user: Photo.User()) }
    }

    @Test("a photo listed twice gets its header in both places")
    func duplicatesBothFilled() {
        let photos = Self.placeholders(3) + Self.placeholders(1)
        var session = AppFixtures.session(photos: photos, headersPending: ["p1", "p2", "p3"])
        session.send(.headersRead([AppFixtures.photo(1)], failed: [:]))
        #expect(session.state.photos[0].width == 3000 && session.state.photos[3].width == 3000)
        #expect(!session.state.list.headers.pending.contains("p1"))
    }

    @Test("the grid reads the headers of the row below the screen right after the visible ones")
    func theRowBelowIsReadNext() {
        let photos = Self.placeholders(40)
        let session = AppFixtures.session(photos: photos, headersPending: Set(photos.map(\.id)))
        // 100×29: rows 0–2 (photos 1–12) visible; the next row is photos 13–16.
        #expect(session.state.visibleGridTiles.map(\.index) == Array(0 ..< 12))
        #expect(session.log.contains(.readHeaders((1 ... 16).map { "p\($0)" })))
    }

    @Test("unread photos are asked for visible first, decoded only once their size is known")
    func visibleFirstThenDecode() throws {
        let photos = Self.placeholders(200)
        var session = AppFixtures.session(photos: photos, headersPending: Set(photos.map(\.id)))
        #expect(Session.decodes(session.log).isEmpty)
        guard case .readHeaders(let wanted)? = session.log.first(where: { if case .readHeaders = $0 { true } else { false } }) else {
            Issue.record("no header request"); return
        }
        let visible = session.state.visibleGridTiles.map { "p\($0.index + 1)" }
        #expect(Array(wanted.prefix(visible.count)) == visible)
        #expect(!wanted.contains("p200"))
        let effects = session.send(.headersRead([AppFixtures.photo(1)], failed: ["p2": "not an image"]))
        let decoded = Session.decodes(effects)
        #expect(decoded.map(\.content.photoID) == ["p1"])
        let fit = try #require(session.state.visibleGridTiles.first).fit
        #expect(decoded.first?.content.pixelSize == fit.pixelSize)          // the real 3:2 aspect, not a square
        #expect(session.state.loadState(of: ImageContent(photoID: "p2", pixelSize: fit.pixelSize)) == .failed(reason: "not an image"))
        session.keys(.end)                                                    // jumping to the end asks for those
        #expect(session.log.contains(where: { if case .readHeaders(let ids) = $0 { ids.contains("p200") } else { false } }))
    }
}
