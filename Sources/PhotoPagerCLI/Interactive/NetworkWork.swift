import Glibc
import PhotoPagerCore
import Unsplash

/// The pager's API calls, run off the input thread: the next page, the download ping, the full
/// photo for the info panel, and the info panel's timer. Results come back as `AppEvent`s that
/// the loop collects after `wake`, so a slow or failing server never blocks a key.
final class NetworkWork: Sendable {
    private let feed: FeedSource?
    private let client: UnsplashClient?
    private let preparer: PhotoPreparer
    private let wake: @Sendable () -> Void
    private let inbox = Locked<[AppEvent]>([])

    init(feed: FeedSource?, client: UnsplashClient?, preparer: PhotoPreparer, wake: @escaping @Sendable () -> Void) {
        self.feed = feed
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

    func fetchNextPage() {
        guard let feed else { return }
        background { [preparer, client] in
            do {
                let page = try feed.nextPage()
                // The preparer must know the photos before the screen asks for their images.
                preparer.add(page.photos)
                return [.pageLoaded(FeedPageArrival(photos: page.photos.map(\.photo), total: feed.total,
                                                    hasMore: feed.hasMore, fromCache: page.fromCache)),
                        .rateRemaining(client?.rateRemaining)]
            } catch {
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

    func after(_ delay: Duration, _ event: AppEvent) {
        Platform.startThread { [self] in
            usleep(UInt32(clamping: delay.wholeMicroseconds))
            post([event])
        }
    }

    private func background(_ work: @escaping @Sendable () -> [AppEvent]) {
        Platform.startThread { [self] in post(work()) }
    }

    /// Hands `events` to the loop and wakes it (any thread).
    func post(_ events: [AppEvent]) {
        guard !events.isEmpty else { return }
        inbox.withLock { $0 += events }
        wake()
    }
}
