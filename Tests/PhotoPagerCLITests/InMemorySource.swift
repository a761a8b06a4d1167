import Foundation
import PhotoLibrary
import PhotoPagerBase

/// A photo source that lives in memory: it pages by cursor (not by page number or a next URL),
/// searches its own descriptions, gives details of its own making, keeps favourites, fetches
/// its own images (the sample photos' bytes, behind addresses only it can read), and says what
/// it was asked. The seam's second implementation: if the pager browses this as it browses
/// Unsplash, the seam is not Unsplash-shaped.
final class InMemorySource: PhotoSource, @unchecked Sendable {
    let title: String
    let service = "Shelf"
    let capabilities: PhotoSourceCapabilities = [.search, .details, .favourite]
    private let photos: [LibraryPhoto]
    private let pageSize: Int
    private let lock = NSLock()
    private var cursor: String? = "start"
    private var handedOut = 0
    private var _asked: [String] = []
    private var _favourites: Set<String> = []
    let fetcher = ShelfImages()
    var images: (any PhotoImageFetcher)? { fetcher }
    var originals: (any PhotoOriginalFetcher)? { fetcher }

    init(title: String = "Shelf", photos: [LibraryPhoto], pageSize: Int) {
        self.title = title
        self.photos = photos
        self.pageSize = pageSize
    }

    /// What was asked of it, in order: "page <cursor>", "details <id>", "chose <id>".
    var asked: [String] { lock.withLock { _asked } }
    var favourites: Set<String> { lock.withLock { _favourites } }

    var total: Int? { photos.count }
    var hasMore: Bool { lock.withLock { cursor != nil } }
    var callsRemaining: Int? { nil }

    func nextPage() throws -> PhotoSourcePage {
        lock.withLock {
            guard let at = cursor else { return PhotoSourcePage(photos: []) }
            _asked.append("page \(at)")
            let page = Array(photos.dropFirst(handedOut).prefix(pageSize))
            handedOut += page.count
            // An opaque token, as a cursor is: the next photo's id.
            cursor = handedOut < photos.count ? "after-" + photos[handedOut - 1].photo.id : nil
            return PhotoSourcePage(photos: page)
        }
    }

    func search(_ query: String) -> (any PhotoSource)? {
        let found = photos.filter { $0.photo.description?.localizedCaseInsensitiveContains(query) == true }
        let search = InMemorySource(title: "Shelf · “\(query)”", photos: found, pageSize: pageSize)
        search.fetcher.files = fetcher.files
        return search
    }

    func details(of photoID: String) throws -> Photo? {
        lock.withLock { _asked.append("details \(photoID)") }
        guard var photo = photos.first(where: { $0.photo.id == photoID })?.photo else { return nil }
        photo.exif = Photo.Exif(make: "Shelfmade", model: "Model \(photoID)")
        return photo
    }

    func chose(_ photo: Photo) -> String? {
        lock.withLock { _asked.append("chose \(photo.id)") }
        return nil
    }

    func setFavourite(_ favourite: Bool, photoID: String) throws {
        lock.withLock {
            if favourite { _favourites.insert(photoID) } else { _favourites.remove(photoID) }
        }
    }

    /// A source of `count` photos, the bundled sample photos over and over, each its own id,
    /// its image at an address of the shelf's.
    static func samples(_ count: Int, pageSize: Int) throws -> InMemorySource {
        let sample = try InProcessPagerTests.samplePhotos()
        var files: [String: URL] = [:]
        let photos = (0 ..< count).map { index in
            var item = sample[index % sample.count]
            item.photo.id = "m\(index + 1)"
            item.photo.links = nil                  // not an Unsplash photo: no referral, no ping
            if case .file(let url) = item.image { files[item.photo.id] = url }
            item.image = .remote(URL(string: "shelf://images/\(item.photo.id)")!)
            return item
        }
        let source = InMemorySource(photos: photos, pageSize: pageSize)
        source.fetcher.files = files
        return source
    }
}

/// The shelf's images and originals: a photo's bytes by its id, and every request noted.
final class ShelfImages: PhotoImageFetcher, PhotoOriginalFetcher, @unchecked Sendable {
    private let lock = NSLock()
    var files: [String: URL] = [:]
    private var _requests: [(photoID: String, width: Int, height: Int)] = []

    private var _originals: [String] = []
    var requests: [(photoID: String, width: Int, height: Int)] { lock.withLock { _requests } }
    var originalsAsked: [String] { lock.withLock { _originals } }

    func original(of photo: Photo, location: ImageLocation, progress: (@Sendable (Int64, Int64) -> Bool)?) throws -> Data {
        let file = lock.withLock {
            _originals.append(photo.id)
            return files[photo.id]
        }
        guard let file else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: file)
    }

    func bytes(photoID: String, location: ImageLocation, width: Int, height: Int, exact: Bool,
               progress: (@Sendable (Int64, Int64) -> Bool)?) throws -> Data {
        let file = lock.withLock {
            _requests.append((photoID, width, height))
            return files[photoID]
        }
        guard case .remote(let url) = location, url.scheme == "shelf", let file else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: file)
    }
}
