import Foundation
import PhotoLibrary
import PhotoPagerBase

/// A photo source that lives in memory: it pages by cursor (not by page number or a next URL),
/// searches its own descriptions, gives details of its own making, keeps favourites, and says
/// what it was asked. Its photos are files on this disk. The seam's second implementation: if
/// the pager browses this as it browses Unsplash, the seam is not Unsplash-shaped.
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
        return InMemorySource(title: "Shelf · “\(query)”", photos: found, pageSize: pageSize)
    }

    func details(of photoID: String) throws -> Photo? {
        lock.withLock { _asked.append("details \(photoID)") }
        guard var photo = photos.first(where: { $0.photo.id == photoID })?.photo else { return nil }
        photo.exif = Photo.Exif(make: "Shelfmade", model: "Model \(photoID)")
        return photo
    }

    func chose(_ photo: Photo) throws {
        lock.withLock { _asked.append("chose \(photo.id)") }
    }

    func setFavourite(_ favourite: Bool, photoID: String) throws {
        lock.withLock {
            if favourite { _favourites.insert(photoID) } else { _favourites.remove(photoID) }
        }
    }

    /// `count` photos, the bundled sample photos over and over, each its own id.
    static func samples(_ count: Int) throws -> [LibraryPhoto] {
        let sample = try InProcessPagerTests.samplePhotos()
        return (0 ..< count).map { index in
            var item = sample[index % sample.count]
            item.photo.id = "m\(index + 1)"
            item.photo.links = nil                  // not an Unsplash photo: no referral, no ping
            return item
        }
    }
}
