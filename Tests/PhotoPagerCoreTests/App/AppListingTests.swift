@testable import PhotoPagerCore
@testable import PhotoPagerBase
import Testing

/// A long folder opens on its first photos; the rest of the listing arrives in slices.
@Suite("App: a long listing arriving after the first screen")
struct AppListingTests {
    @Test("listed photos go at the end, unread; their headers find them; the grid keeps its place")
    func listedPhotosAreAppended() {
        let first = AppHeaderTests.placeholders(20)
        var session = AppFixtures.session(photos: first, headersPending: Set(first.map(\.id)))
        session.keys(.right, .right)
        let more = (21 ... 30).map { Photo(id: "p\($0)", width: 0, height: 0, urls: Photo.URLs(raw: "file:///p\($0).jpg"), user: Photo.User()) }
        session.send(.photosListed(more))
        #expect(session.state.photos.map(\.id) == (1 ... 30).map { "p\($0)" })
        #expect(session.state.list.headers.pending.isSuperset(of: more.map(\.id)))
        #expect(session.state.grid.selectedIndex == 2)
        // A header for one of them (its place was looked up before they arrived) lands on it.
        let read = AppFixtures.photo(25)
        session.send(.headersRead([read], failed: [:]))
        #expect(session.state.photos[24].width == read.width && session.state.photos[24].width > 0)
        #expect(!session.state.list.headers.pending.contains("p25"))
    }

    @Test("under a / filter, the full list grows and only matching photos are shown")
    func listedUnderAFilter() {
        let first = AppHeaderTests.placeholders(5)
        var session = AppFixtures.session(photos: first)
        session.type("/p1")
        let more = [6, 10, 11, 12].map { Photo(id: "q\($0)", width: 0, height: 0, urls: Photo.URLs(raw: "file:///d/p\($0).jpg"), user: Photo.User()) }
        session.send(.photosListed(more))
        #expect(session.state.photos.map(\.id) == ["p1", "q10", "q11", "q12"])
        #expect(session.state.list.filter?.all.count == 9)
    }

    @Test("headers find their photos after the list was reordered, and a photo listed twice in both places")
    func headersAfterAReorder() {
        let photos = AppHeaderTests.placeholders(6) + AppHeaderTests.placeholders(2)
        var session = AppFixtures.session(photos: photos, headersPending: Set(photos.map(\.id)))
        session.send(.headersRead([AppFixtures.photo(1)], failed: [:]))           // the places are known now
        session.state.list.reorder(by: PhotoSort(key: .random, seed: 7))
        session.send(.headersRead([AppFixtures.photo(2), AppFixtures.photo(6)], failed: [:]))
        for photo in session.state.photos where ["p1", "p2", "p6"].contains(photo.id) {
            #expect(photo.width == 3000, "\(photo.id)")
        }
        #expect(session.state.photos.filter { $0.id == "p2" }.count == 2)
    }
}
