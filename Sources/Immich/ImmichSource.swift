import FoundationEssentials
import HTTPClient
import PhotoLibrary
import PhotoPagerBase

/// An Immich library paged through: the timeline, an album, a person, the favourites or a
/// search, newest first, as the grid and the pager browse an Unsplash feed. Its images come
/// through `ImmichImages` (the key goes with them, to the server only).
public final class ImmichSource: PhotoSource {
    public let client: ImmichClient
    public let query: ImmichQuery
    /// What the status line calls it: "Immich", "Immich · Summer 2024".
    public let title: String
    private let state: Locked<State>
    private let fetcher: ImmichImages
    private let now: @Sendable () -> Date

    private struct State {
        var next: ImmichPagePosition?
        var started = false
        var done = false
        var total: Int?
        var seen: Set<String> = []
    }

    /// Assets asked for a page: the grid's first screen and a good stretch below it.
    public static let pageSize = 200

    /// Days a public link (`P`) works; nil: until revoked in the web app.
    public let linkDays: Int?

    public init(client: ImmichClient, query: ImmichQuery, title: String = "Immich", linkDays: Int? = 7,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.query = query
        self.title = title
        self.linkDays = linkDays
        self.now = now
        state = Locked(State())
        fetcher = ImmichImages(client: client)
    }

    public var service: String { "Immich" }
    public var capabilities: PhotoSourceCapabilities { [.search, .favourite, .rating, .trash, .publicLink] }
    public var hasMore: Bool { state.withLock { !$0.done } }
    public var total: Int? { state.withLock { $0.total } }
    public var images: (any PhotoImageFetcher)? { fetcher }
    public var originals: (any PhotoOriginalFetcher)? { fetcher }

    public func nextPage() throws -> PhotoSourcePage {
        let (position, started) = state.withLock { ($0.next, $0.started) }
        guard position != nil || !started else { return PhotoSourcePage(photos: []) }
        if !started, let album = query.albumID, query.text == nil, let embedded = try client.embeddedAssets(ofAlbum: album) {
            // Newest first, as the timeline and v3's albums are.
            let assets = embedded.assets.filter(query.admits).sorted {
                ($0.fileCreatedAt.flatMap(ImmichQuery.instant) ?? .distantPast) > ($1.fileCreatedAt.flatMap(ImmichQuery.instant) ?? .distantPast)
            }
            var page = ImmichSearchPage(assets: assets, total: assets.count)
            page.fromCache = embedded.fromCache
            return take(page)
        }
        // Pages the rating filter empties are passed over (a few at a time: the grid asks again).
        var page = take(try client.search(query, from: position, size: Self.pageSize))
        for _ in 0 ..< 5 where page.photos.isEmpty && query.rated != nil {
            guard let next = state.withLock({ $0.next }) else { break }
            page = take(try client.search(query, from: next, size: Self.pageSize))
        }
        return page
    }

    /// A page's assets not seen before, as photos; the page says what comes next.
    private func take(_ page: ImmichSearchPage) -> PhotoSourcePage {
        let web = client.webBaseURL()
        return state.withLock { state in
            state.started = true
            state.next = page.next
            state.done = page.next == nil
            state.total = page.total ?? state.total
            let fresh = page.assets.filter { state.seen.insert($0.id).inserted && !$0.isTrashed && (query.rated?.admits($0.exif?.rating) ?? true) }
            return PhotoSourcePage(photos: fresh.map { ImmichPhoto.make($0, server: client.server, web: web) },
                                   fromCache: page.fromCache)
        }
    }

    /// The same library searched for `query` (within this album or person, if one).
    public func search(_ text: String) -> (any PhotoSource)? {
        var query = query
        query.text = text
        return ImmichSource(client: client, query: query, title: "Immich · “\(text)”", linkDays: linkDays, now: now)
    }

    public func setFavourite(_ favourite: Bool, photoID: String) throws {
        try client.setFavourite(favourite, id: photoID)
    }

    public func setRating(_ rating: Int?, photoID: String) throws {
        try client.setRating(rating, id: photoID)
    }

    public func trash(photoID: String) throws {
        try client.trash(id: photoID)
    }

    public func restore(photoID: String) throws {
        try client.restore(id: photoID)
    }

    public func publicLink(photoID: String) throws -> PublicLink {
        let expires = linkDays.map { now().addingTimeInterval(Double($0) * 86_400) }
        let url = try client.sharedLink(assetID: photoID, expires: expires.map { $0.formatted(.iso8601) })
        return PublicLink(url: url, expires: expires.map { String($0.formatted(.iso8601).prefix(10)) })
    }

    public func details(of photoID: String) throws -> Photo? { nil }
    public func chose(_ photo: Photo) -> String? { nil }
    public var callsRemaining: Int? { nil }
}
