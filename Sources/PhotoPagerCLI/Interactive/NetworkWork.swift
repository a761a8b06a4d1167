import PhotoPagerCore
import PhotoPagerBase
import Unsplash
import TerminalIO

/// The pager's API calls, run off the input thread: the next page, the download ping, the full
/// photo for the info panel. Results come back as `AppEvent`s that the loop collects after
/// `wake`, so a slow or failing server never blocks a key.
final class NetworkWork: Sendable {
    /// The feed browsed; a search (`/`) puts another in its place.
    private let feed: Locked<FeedSource?>
    private let client: UnsplashClient?
    private let preparer: PhotoPreparer
    private let wake: @Sendable () -> Void
    private let inbox = Locked<[AppEvent]>([])
    /// Calls under way.
    private let running = Locked(0)

    init(feed: FeedSource?, client: UnsplashClient?, preparer: PhotoPreparer, wake: @escaping @Sendable () -> Void) {
        self.feed = Locked(feed)
        self.client = client
        self.preparer = preparer
        self.wake = wake
    }

    /// Events that arrived since the last call, in arrival order.
    func takeEvents() -> [AppEvent] {
        inbox.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    /// `/` with a feed: a search for `query` (with a search's refinements, when the feed was
    /// one) is browsed from now on; pages of the feed before that arrive later are dropped.
    func startSearch(_ query: String) {
        guard let client else { return }
        feed.withLock { current in
            var search = UnsplashFeed.SearchQuery(query: query)
            if case .search(let old)? = current?.feed {
                (search.orientation, search.color, search.orderBy) = (old.orientation, old.color, old.orderBy)
            }
            current = FeedSource(feed: .search(search), client: client)
        }
    }

    func fetchNextPage() {
        guard let feed = feed.withLock({ $0 }) else { return }
        background { [self, preparer, client] in
            do {
                let page = try feed.nextPage()
                guard self.feed.withLock({ $0 === feed }) else { return [] }
                // The preparer must know the photos before the screen asks for their images.
                preparer.add(page.photos)
                return [.pageLoaded(FeedPageArrival(photos: page.photos.map(\.photo), total: feed.total,
                                                    hasMore: feed.hasMore, fromCache: page.fromCache)),
                        .rateRemaining(client?.rateRemaining)]
            } catch {
                guard self.feed.withLock({ $0 === feed }) else { return [] }
                return [.pageFailed(reason: "\(error)"), .rateRemaining(client?.rateRemaining)]
            }
        }
    }

    /// The guideline ping; a failure is said only when it is the rate limit (the share itself worked).
    func trackDownload(_ photo: Photo) {
        guard let client else { return }
        background {
            do {
                try client.trackDownload(photo)
                return [.rateRemaining(client.rateRemaining)]
            } catch UnsplashError.rateLimited {
                return [.shellMessage(UnsplashError.rateLimited.description)]
            } catch {
                return []
            }
        }
    }

    /// The full photo object; skipped while rate-limited (the listing's fields stay shown).
    func fetchDetails(_ photoID: String) {
        guard let client, !client.isRateLimited else { return }
        background {
            guard let photo = try? client.photo(id: photoID) else { return [] }
            return [.detailsLoaded(photo), .rateRemaining(client.rateRemaining)]
        }
    }

    private func background(_ work: @escaping @Sendable () -> [AppEvent]) {
        running.withLock { $0 += 1 }
        Platform.startThread { [self] in
            post(work())
            running.withLock { $0 -= 1 }
        }
    }

    /// Whether a call is under way or its events wait to be taken.
    var isBusy: Bool { running.withLock { $0 > 0 } || inbox.withLock { !$0.isEmpty } }

    /// Hands `events` to the loop and wakes it (any thread).
    func post(_ events: [AppEvent]) {
        guard !events.isEmpty else { return }
        inbox.withLock { $0 += events }
        wake()
    }
}
