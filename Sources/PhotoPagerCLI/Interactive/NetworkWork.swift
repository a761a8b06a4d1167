import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore
import TerminalIO

/// The pager's calls to its source and services, run off the input thread: the next page, a
/// search, the full photo for the info panel, the word that a photo was chosen. Results come
/// back as `AppEvent`s that the loop collects after `wake`, so a slow or failing server never
/// blocks a key.
final class NetworkWork: Sendable {
    /// The source browsed; a search (`/`) puts another in its place.
    private let source: Locked<(any PhotoSource)?>
    /// Who answers for a photo's details and hears that it was chosen: the source, else the
    /// service the photos are on (Unsplash, for a manifest of its photos).
    private let service: (any PhotoService)?
    private let preparer: PhotoPreparer
    private let wake: @Sendable () -> Void
    private let inbox = Locked<[AppEvent]>([])
    /// Calls under way.
    private let running = Locked(0)

    init(source: (any PhotoSource)?, service: (any PhotoService)?, preparer: PhotoPreparer,
         wake: @escaping @Sendable () -> Void) {
        self.source = Locked(source)
        self.service = service
        self.preparer = preparer
        self.wake = wake
    }

    /// The source browsed now (a search's, after `/`).
    var currentSource: (any PhotoSource)? { source.withLock { $0 } }

    /// Events that arrived since the last call, in arrival order.
    func takeEvents() -> [AppEvent] {
        inbox.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    /// `/` on a source that searches: the search for `query` is browsed from now on; pages of
    /// the source before it that arrive later are dropped.
    func startSearch(_ query: String) {
        source.withLock { current in
            if let search = current?.search(query) { current = search }
        }
    }

    func fetchNextPage() {
        guard let source = source.withLock({ $0 }) else { return }
        background { [self, preparer] in
            do {
                let page = try source.nextPage()
                guard self.source.withLock({ $0 === source }) else { return [] }
                // The preparer must know the photos before the screen asks for their images.
                preparer.add(page.photos)
                return [.pageLoaded(FeedPageArrival(photos: page.photos.map(\.photo), total: source.total,
                                                    hasMore: source.hasMore, fromCache: page.fromCache)),
                        .rateRemaining(source.callsRemaining)]
            } catch {
                guard self.source.withLock({ $0 === source }) else { return [] }
                return [.pageFailed(reason: "\(error)"), .rateRemaining(source.callsRemaining)]
            }
        }
    }

    /// The person shared `photo` (Unsplash's download ping); the service says what, if
    /// anything, the status line should.
    func trackDownload(_ photo: Photo) {
        guard let service else { return }
        background {
            if let message = service.chose(photo) { return [.shellMessage(message)] }
            return [.rateRemaining(service.callsRemaining)]
        }
    }

    /// The full photo object, when the service can give it now.
    func fetchDetails(_ photoID: String) {
        guard let service else { return }
        background {
            guard let photo = try? service.details(of: photoID) else { return [] }
            return [.detailsLoaded(photo), .rateRemaining(service.callsRemaining)]
        }
    }

    /// `F`: the favourite written to the source; a refusal puts it back on screen.
    func setFavourite(_ favourite: Bool, photoID: String) {
        guard let source = source.withLock({ $0 }) else { return }
        background {
            do {
                try source.setFavourite(favourite, photoID: photoID)
                return []
            } catch {
                return [.favouriteRefused(photoID: photoID, favourite, reason: "\(error)")]
            }
        }
    }

    /// `P`: a public link from the source, or why there is none.
    func makePublicLink(photoID: String) {
        guard let source = source.withLock({ $0 }) else { return }
        background {
            do {
                return [.publicLinkMade(try source.publicLink(photoID: photoID))]
            } catch {
                return [.shellMessage("no public link: \(error)")]
            }
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
