import PhotoPagerBase

/// What is browsed: the photos shown (all of them, or those the filter keeps), where they come
/// from, the `/` filter with every photo behind it, a `--sort` waiting for headers, the headers
/// still unread, and a remote feed's paging.
public struct PhotoList: Sendable, Hashable {
    /// The photos the grid and pager show, in order. Any change but a header's (which keeps
    /// the order) makes the headers' positions be looked up again.
    public internal(set) var photos: [Photo] {
        didSet { if !keepsOrder { headers.listChanged() } }
    }
    /// Set while headers fill in photos in place.
    private var keepsOrder = false
    /// Where the photos come from ("Unsplash", a folder name…), for the status line.
    public internal(set) var sourceName: String
    /// `/`: the text typed and every photo, while `photos` holds those that match.
    public internal(set) var filter: PhotoFilter?
    /// A `--sort` waiting for every header (a date sort of a big folder).
    public internal(set) var pendingSort: PhotoSort?
    /// Photos whose file header is not read yet (a big folder opens before that).
    public internal(set) var headers: HeaderReads
    /// A remote feed's paging, the API calls left, downloads.
    public internal(set) var remote: RemoteState

    init(photos: [Photo], sourceName: String, feed: FeedStatus?, headersPending: Set<String>) {
        self.photos = photos
        self.sourceName = sourceName
        headers = HeaderReads(pending: headersPending)
        remote = RemoteState(feed: feed)
    }

    /// Reorders the photos (and, under a filter, the full list it narrows).
    mutating func reorder(by sort: PhotoSort) {
        if var filter {
            filter.all = sort.order(filter.all).map { filter.all[$0] }
            self.filter = filter
            photos = filter.isSearch ? filter.all : filter.all.filter(filter.matches)
        } else {
            photos = sort.order(photos).map { photos[$0] }
        }
    }

    /// A feed's page: new photos go at the end; ones already shown (a shifting feed repeats
    /// them) are dropped.
    mutating func append(_ arrival: FeedPageArrival) {
        if var filter, !filter.isSearch {
            // Under a filter of what is loaded (`X`): the page joins everything, and shows where it matches.
            var known = Set(filter.all.map(\.id))
            let fresh = arrival.photos.filter { known.insert($0.id).inserted }
            filter.all += fresh
            self.filter = filter
            photos += fresh.filter(filter.matches)
        } else {
            var known = Set(photos.map(\.id))
            photos += arrival.photos.filter { known.insert($0.id).inserted }
        }
        remote.pageArrived(arrival)
    }

    /// More of a long folder listing, after the photos listed before (their headers unread);
    /// under a `/` filter the full list grows and the matching ones are shown.
    mutating func appendListed(_ more: [Photo]) {
        headers.listed(more.map(\.id))
        if var filter, !filter.isSearch {
            filter.all += more
            self.filter = filter
            photos += more.filter(filter.matches)
        } else {
            photos += more
        }
    }

    /// Headers that arrived: each photo takes the listing's fields (size, date, camera), in the
    /// list shown and, while a filter is on, in the full list too. Returns the failed ones that
    /// were pending, with their reasons.
    mutating func applyHeaders(_ read: [Photo], failed: [String: String]) -> [String: String] {
        keepsOrder = true
        defer { keepsOrder = false }
        for photo in read {
            // Every place of an id: a photo named twice (a folder and a file in it) is listed twice.
            for index in headers.places(of: photo.id, in: photos) { photos[index] = photo.keepingFiles(of: photos[index]) }
            headers.arrived(photo.id)                 // filtered out of `photos`, maybe
        }
        if var all = filter?.all {
            let arrived = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for index in all.indices { if let photo = arrived[all[index].id] { all[index] = photo.keepingFiles(of: all[index]) } }
            filter?.all = all
        }
        return failed.filter { headers.arrived($0.key) }
    }

    /// A photo's full object (the info panel asked for it) fills the fields it knows more about;
    /// the rest of the photo stays as listed.
    mutating func fillDetails(_ full: Photo) {
        guard let index = photos.firstIndex(where: { $0.id == full.id }) else { return }
        var photo = photos[index]
        photo.exif = full.exif ?? photo.exif
        photo.location = full.location ?? photo.location
        photo.description = photo.description ?? full.description
        photo.likes = full.likes ?? photo.likes
        photo.createdAt = photo.createdAt ?? full.createdAt
        photos[index] = photo
    }

    /// A search: the list starts empty and pages in from the new feed.
    mutating func startSearch(_ query: String) {
        photos = []
        headers.forgetAll()
        remote.startOver()
        sourceName = (remote.feed?.service ?? "") + " · “\(TerminalText.sanitized(query))”"
    }
}
