import FoundationEssentials
import HTTPClient
import PhotoLibrary
import PhotoPagerBase

/// An Immich asset's images at the size shown: the 250-pixel `thumbnail` for grid tiles, the
/// 1440-pixel `preview` for the pager, the original past that (a zoom). The bytes are whatever
/// the server made (WebP or JPEG, whatever its headers say): the decoder sniffs them. Kept in
/// the disk cache by the client, so a library seen once browses offline.
final class ImmichImages: PhotoImageFetcher, PhotoOriginalFetcher {
    let client: ImmichClient

    init(client: ImmichClient) {
        self.client = client
    }

    /// The renditions, smallest first, with the longest side each holds (the server's defaults).
    enum Rendition: Equatable {
        case thumbnail, preview, original

        static func forSize(width: Int, height: Int) -> Rendition {
            switch max(width, height) {
            case ...250: .thumbnail
            case ...1440: .preview
            default: .original
            }
        }
    }

    func url(assetID: String, _ rendition: Rendition) -> URL {
        let id = assetID.percentEncoded()
        switch rendition {
        case .thumbnail: return client.server.url("assets/\(id)/thumbnail", query: [URLQueryItem(name: "size", value: "thumbnail")])
        case .preview: return client.server.url("assets/\(id)/thumbnail", query: [URLQueryItem(name: "size", value: "preview")])
        case .original: return client.server.url("assets/\(id)/original")
        }
    }

    func bytes(photoID: String, location: ImageLocation, width: Int, height: Int, exact: Bool,
               progress: (@Sendable (Int64, Int64) -> Bool)?) throws -> Data {
        try fetch(photoID, .forSize(width: width, height: height), progress: progress)
    }

    func original(of photo: Photo, location: ImageLocation, progress: (@Sendable (Int64, Int64) -> Bool)?) throws -> Data {
        try fetch(photo.id, .original, progress: progress)
    }

    private func fetch(_ assetID: String, _ rendition: Rendition, progress: (@Sendable (Int64, Int64) -> Bool)?) throws -> Data {
        do {
            return try client.keptImage(url(assetID: assetID, rendition), progress: progress)
        } catch .network(let error) {
            throw error                             // a cancellation or a network hiccup, as the pipeline knows them
        } catch .refused(let status, _) where status >= 500 {
            throw ImageFetchError(status: status)   // server trouble: tried again later, not an error tile
        }
    }
}
