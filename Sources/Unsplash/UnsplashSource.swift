import FoundationEssentials
import PhotoLibrary
import PhotoPagerBase

/// One Unsplash feed being paged through: where the next page is (the API's `Link: next`), how
/// many photos there are in all, which ids were already handed out (a shifting feed repeats
/// photos across pages).
public final class UnsplashSource: PhotoSource {
    public let feed: UnsplashFeed
    private let client: UnsplashClient
    private let state: Locked<State>

    private struct State {
        var next: URL?
        var total: Int?
        var seen: Set<String> = []
    }

    public init(feed: UnsplashFeed, client: UnsplashClient) {
        self.feed = feed
        self.client = client
        state = Locked(State(next: feed.firstPage(base: client.api.base)))
    }

    public var title: String { feed.title }
    public var service: String { "Unsplash" }
    public var capabilities: PhotoSourceCapabilities { [.search, .details] }
    public var hasMore: Bool { state.withLock { $0.next != nil } }
    public var total: Int? { state.withLock { $0.total } }

    /// The next page's photos not seen before, as browsable photos.
    public func nextPage() throws -> PhotoSourcePage {
        guard let url = state.withLock({ $0.next }) else { return PhotoSourcePage(photos: []) }
        let page = try client.page(url, isSearch: feed.isSearch)
        return state.withLock { state in
            state.next = page.next
            state.total = page.total ?? state.total
            let fresh = page.photos.filter { state.seen.insert($0.id).inserted }
            return PhotoSourcePage(photos: fresh.compactMap(Self.browsable), fromCache: page.fromCache)
        }
    }

    /// A search of Unsplash; from a search, its orientation, colour and order are kept.
    public func search(_ query: String) -> (any PhotoSource)? {
        var search = UnsplashFeed.SearchQuery(query: query)
        if case .search(let old) = feed {
            (search.orientation, search.color, search.orderBy) = (old.orientation, old.color, old.orderBy)
        }
        return UnsplashSource(feed: .search(search), client: client)
    }

    public func details(of photoID: String) throws -> Photo? { try client.details(of: photoID) }
    public func chose(_ photo: Photo) -> String? { client.chose(photo) }
    public var callsRemaining: Int? { client.callsRemaining }

    /// An API photo with somewhere to fetch it from.
    static func browsable(_ photo: Photo) -> LibraryPhoto? {
        guard let image = ImageLocation.forPhoto(photo.urls, resizeAnyRaw: true) else { return nil }
        return LibraryPhoto(photo: photo, image: image)
    }
}

/// Unsplash answers for its photos whoever listed them (a manifest of Unsplash photos too).
extension UnsplashClient: PhotoService {
    /// Skipped while rate-limited: the listing's fields stay shown.
    public func details(of photoID: String) throws -> Photo? {
        isRateLimited ? nil : try photo(id: photoID)
    }

    /// A failed ping is not the person's business, but a rate limit is: the next calls fail too.
    public func chose(_ photo: Photo) -> String? {
        do {
            try trackDownload(photo)
            return nil
        } catch UnsplashError.rateLimited {
            return UnsplashError.rateLimited.description
        } catch {
            return nil
        }
    }

    public var callsRemaining: Int? { rateRemaining }
}
