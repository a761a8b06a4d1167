import FoundationEssentials
import PhotoPagerBase

/// What the pager asks of the service a photo lives on, whoever listed it: its full object for
/// the info panel, and word that the person chose it. Unsplash answers for its photos even when
/// a local manifest listed them; a `PhotoSource` answers for its own.
public protocol PhotoService: AnyObject, Sendable {
    /// The full object of photo `photoID` (camera, place), or nil when the service cannot say
    /// now (a rate limit) or has no more than the listing gave. Blocking.
    func details(of photoID: String) throws -> Photo?
    /// The person shared or downloaded `photo`; a service that asks to hear it (Unsplash's
    /// download ping) is told, once per photo. Returns what the status line should say, if
    /// anything: the share itself worked, so only what the person must know (a rate limit) is
    /// said. Blocking.
    func chose(_ photo: Photo) -> String?
    /// API calls left before the service's limit, when it has one and said.
    var callsRemaining: Int? { get }
}

/// A source of photos paged through rather than listed at once: a photo service's feed or
/// search (Unsplash), a library server, a list in memory (the tests). The pager asks it for the
/// next page as the person nears the end, one request at a time and off the input thread.
///
/// - Paging: the source keeps its own place, by page number or by cursor, whatever its API
///   pages by; `nextPage` hands out photos not handed out before (a shifting feed repeats them).
/// - Images: each photo comes with where its pixels are (`LibraryPhoto.image`), and `images`
///   fetches them at the size shown, with the source's own credentials, which go to its origin
///   only (nil: the plain web fetch, with no credentials, serves).
/// - Originals (`d`): `originals` fetches the file as the source keeps it (nil: the web's way,
///   the largest URL the photo lists).
/// - Links: each photo's `links.html` is its page on the source: what `s` shares and `o` opens.
/// - Writes back (a favourite, a rating, the trash) are capabilities a source may lack; a
///   source without them refuses (the default), and the keys are not offered for it.
public protocol PhotoSource: PhotoService {
    /// For the status line: "Unsplash", "Unsplash · “cats”".
    var title: String { get }
    /// The service's name ("Unsplash"): what `/` searches, and what a search is titled by.
    var service: String { get }
    var capabilities: PhotoSourceCapabilities { get }
    /// How many photos the source has in all, when it said.
    var total: Int? { get }
    /// Another page follows.
    var hasMore: Bool { get }
    /// The next page. Blocking; never called twice at once.
    func nextPage() throws -> PhotoSourcePage
    /// The same source searching for `query` from its first page (keeping a search's
    /// refinements when this is one); nil when it cannot search.
    func search(_ query: String) -> (any PhotoSource)?
    /// Its own image fetcher, when the plain one would not do (credentials, renditions by size).
    var images: (any PhotoImageFetcher)? { get }
    /// Its own way to a photo's original, when the web's would not do.
    var originals: (any PhotoOriginalFetcher)? { get }
    func setFavourite(_ favourite: Bool, photoID: String) throws
    /// 1–5 stars, -1 rejected, nil none.
    func setRating(_ rating: Int?, photoID: String) throws
    func trash(photoID: String) throws
    /// Back from the source's trash.
    func restore(photoID: String) throws
    /// A public link to the photo, anyone may open (no login), and until when.
    func publicLink(photoID: String) throws -> PublicLink
}


/// Fetches photos' images at the size they are shown.
public protocol PhotoImageFetcher: Sendable {
    /// The bytes of photo `photoID`'s image at `location`, at about `width`×`height` pixels
    /// (`exact`: that size, for a zoomed view, not a rounded-up one); `progress` hears how far
    /// it has come and returns false to stop. Blocking.
    func bytes(photoID: String, location: ImageLocation, width: Int, height: Int, exact: Bool,
               progress: (@Sendable (_ received: Int64, _ total: Int64) -> Bool)?) throws -> Data
}

/// Fetches a photo's original: the file as its owner keeps it.
public protocol PhotoOriginalFetcher: Sendable {
    /// The original of `photo` (whose image is at `location`), as it arrived; `progress` hears
    /// how far it has come and returns false to stop. Blocking.
    func original(of photo: Photo, location: ImageLocation,
                  progress: (@Sendable (_ received: Int64, _ total: Int64) -> Bool)?) throws -> Data
}

/// One page of a source.
public struct PhotoSourcePage: Sendable {
    public var photos: [LibraryPhoto]
    /// Served from a cache: the source could not be reached (offline, rate-limited, down).
    public var fromCache: Bool

    public init(photos: [LibraryPhoto], fromCache: Bool = false) {
        self.photos = photos
        self.fromCache = fromCache
    }
}

/// A write the source does not take.
public struct PhotoSourceRefusal: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension PhotoSource {
    public var images: (any PhotoImageFetcher)? { nil }
    public var originals: (any PhotoOriginalFetcher)? { nil }

    public func setFavourite(_ favourite: Bool, photoID: String) throws {
        throw PhotoSourceRefusal("\(title) keeps no favourites")
    }

    public func setRating(_ rating: Int?, photoID: String) throws {
        throw PhotoSourceRefusal("\(title) keeps no ratings")
    }

    public func trash(photoID: String) throws {
        throw PhotoSourceRefusal("\(title) has no trash")
    }

    public func restore(photoID: String) throws {
        throw PhotoSourceRefusal("\(title) has no trash")
    }

    public func publicLink(photoID: String) throws -> PublicLink {
        throw PhotoSourceRefusal("\(title) makes no public links")
    }

    /// Pages until `limit` photos are in hand or the source ends (`list`, one-shot output).
    public func photos(limit: Int) throws -> [LibraryPhoto] {
        var photos: [LibraryPhoto] = []
        while photos.count < limit, hasMore {
            photos += try nextPage().photos
        }
        return Array(photos.prefix(limit))
    }
}
