import FoundationEssentials
import PhotoLibrary
import PhotoPagerBase
import Unsplash

/// One Unsplash feed being paged through: where the next page is, how many photos there are
/// in all, which ids were already handed out (a shifting feed repeats photos across pages).
final class FeedSource: Sendable {
    let feed: UnsplashFeed
    let client: UnsplashClient
    private let state: Locked<State>

    private struct State {
        var next: URL?
        var total: Int?
        var seen: Set<String> = []
        var pagesLoaded = 0
    }

    init(feed: UnsplashFeed, client: UnsplashClient) {
        self.feed = feed
        self.client = client
        state = Locked(State(next: feed.firstPage(base: client.api.base)))
    }

    var hasMore: Bool { state.withLock { $0.next != nil } }
    var total: Int? { state.withLock { $0.total } }
    var pagesLoaded: Int { state.withLock { $0.pagesLoaded } }

    /// The next page's photos not seen before, as browsable photos. Blocking; not called twice at
    /// once (the pager asks for one page at a time).
    func nextPage() throws(UnsplashError) -> (photos: [LibraryPhoto], fromCache: Bool) {
        guard let url = state.withLock({ $0.next }) else { return ([], false) }
        let page = try client.page(url, isSearch: feed.isSearch)
        return state.withLock { state in
            state.next = page.next
            state.total = page.total ?? state.total
            state.pagesLoaded += 1
            let fresh = page.photos.filter { state.seen.insert($0.id).inserted }
            return (fresh.compactMap(Self.browsable), page.fromCache)
        }
    }

    /// Pages until `limit` photos are in hand or the feed ends.
    func photos(limit: Int) throws(UnsplashError) -> [LibraryPhoto] {
        var photos: [LibraryPhoto] = []
        while photos.count < limit, hasMore {
            photos += try nextPage().photos
        }
        return Array(photos.prefix(limit))
    }

    /// An API photo with somewhere to fetch it from; links carry the referral parameters.
    static func browsable(_ photo: Photo) -> LibraryPhoto? {
        guard let image = ImageLocation.forPhoto(photo.urls, resizeAnyRaw: true) else { return nil }
        return LibraryPhoto(photo: photo, image: image)
    }
}
