import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("Sort: name, date, random; reverse; the selection kept")
struct PhotoSortTests {
    static func photo(_ id: String, file: String, date: String? = nil) -> Photo {
        var photo = Photo(id: id, width: 30, height: 20, urls: .init(raw: "file:///pics/\(file)"), user: .init())
        photo.createdAt = date
        return photo
    }

    static let photos = [
        photo("a", file: "b/10.jpg", date: "2021-05-01T10:00:00"),
        photo("b", file: "a/2.jpg"),
        photo("c", file: "z/1.jpg", date: "2019-01-01T00:00:00Z"),
        photo("d", file: "2%20b.jpg", date: "2021-05-01T10:00:00"),
    ]

    static func ids(_ sort: PhotoSort) -> [String] { sort.order(photos).map { photos[$0].id } }

    @Test func byFileNameInNaturalOrder() {
        #expect(Self.ids(PhotoSort(key: .name)) == ["c", "d", "b", "a"], "1, \"2 b\", 2, 10: the folder does not count")
        #expect(Self.ids(PhotoSort(key: .name, reverse: true)) == ["a", "b", "d", "c"])
    }

    @Test func byDateUndatedLastTiesInTheirOrder() {
        #expect(Self.ids(PhotoSort(key: .date)) == ["c", "a", "d", "b"])
        #expect(Self.ids(PhotoSort(key: .date, reverse: true)) == ["b", "d", "a", "c"])
    }

    @Test func randomIsRepeatableBySeed() {
        let many = (0 ..< 50).map { Self.photo("p\($0)", file: "\($0).jpg") }
        let a = PhotoSort(key: .random, seed: 7).order(many), b = PhotoSort(key: .random, seed: 7).order(many)
        #expect(a == b && Set(a) == Set(many.indices) && a != Array(many.indices))
        #expect(PhotoSort(key: .random, seed: 8).order(many) != a)
    }

    /// A date sort of photos whose headers are still unread waits for them, saying so, and
    /// keeps the selected photo selected.
    @Test func aDateSortWaitsForTheHeaders() {
        let unread = Self.photos.map { photo -> Photo in
            var photo = photo
            photo.createdAt = nil
            return photo
        }
        let screen = AppState.Screen(columns: 100, rows: 30)
        var state = AppState(photos: unread, sourceName: "S", screen: screen, headersPending: Set(unread.map(\.id)),
                             sort: PhotoSort(key: .date))
        _ = update(&state, .resize(screen))
        _ = update(&state, .input(.key(.right)))                    // select "b"
        #expect(state.photos.map(\.id) == ["a", "b", "c", "d"])
        #expect(AppView.frame(for: state).text(row: 29).contains("sorting 4 photos…"))
        _ = update(&state, .headersRead(Array(Self.photos.prefix(2)), failed: [:]))
        #expect(state.list.pendingSort != nil, "not all read yet")
        _ = update(&state, .headersRead(Array(Self.photos.suffix(2)), failed: [:]))
        #expect(state.list.pendingSort == nil)
        #expect(state.photos.map(\.id) == ["c", "a", "d", "b"])
        #expect(state.currentPhoto?.id == "b", "the selection stays on the same photo")
        #expect(!AppView.frame(for: state).text(row: 29).contains("sorting"))
    }
}

@Suite("Sort and slideshow at start (review findings)")
struct StartOrderTests {
    @Test("a sort given at start opens on the first photo of the new order")
    func startsAtTheFirst() {
        let screen = AppState.Screen(columns: 100, rows: 30)
        var state = AppState(photos: PhotoSortTests.photos, sourceName: "S", screen: screen, sort: PhotoSort(key: .name, reverse: true))
        _ = update(&state, .resize(screen))
        #expect(state.photos.first?.id == "a" && state.currentPhoto?.id == "a")
        #expect(PhotoSort(key: nil, reverse: true).order(PhotoSortTests.photos) == [3, 2, 1, 0], "--reverse alone: the given order backwards")
    }

    @Test("a date sort that finishes under a filter sorts the full list too")
    func sortUnderAFilter() {
        let unread = PhotoSortTests.photos.map { photo -> Photo in var photo = photo; photo.createdAt = nil; return photo }
        let screen = AppState.Screen(columns: 100, rows: 30)
        var state = AppState(photos: unread, sourceName: "S", screen: screen, headersPending: Set(unread.map(\.id)),
                             sort: PhotoSort(key: .date))
        _ = update(&state, .resize(screen))
        _ = update(&state, .input(.key(.character("/"))))
        _ = update(&state, .input(.key(.character("j"))))       // matches every ".jpg" name
        _ = update(&state, .headersRead(PhotoSortTests.photos, failed: [:]))
        #expect(state.photos.map(\.id) == ["c", "a", "d", "b"])
        _ = update(&state, .input(.key(.escape)))
        #expect(state.photos.map(\.id) == ["c", "a", "d", "b"], "clearing the filter keeps the sorted order")
    }

    @Test("--slideshow on a feed starts once its first page is in")
    func slideshowWaitsForTheFeed() {
        var session = AppFixtures.session(photos: [], feed: AppFixtures.feed(hasMore: true))
        let asked = session.type("S")
        #expect(SlideshowTests.scheduled(asked) == nil && session.state.pager.slideshow.startsWhenLoaded)
        let arrived = session.send(.pageLoaded(FeedPageArrival(photos: AppFixtures.photos(3), total: 3, hasMore: false)))
        #expect(SlideshowTests.scheduled(arrived) != nil)
        #expect(session.state.mode == .pager && session.state.pager.slideshow.isRunning)
    }
}
