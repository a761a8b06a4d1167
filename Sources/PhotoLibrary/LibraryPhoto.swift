import FoundationEssentials
import PhotoPagerCore

/// A photo and where its pixels are: what the pager pages through.
public struct LibraryPhoto: Sendable, Equatable {
    public var photo: Photo
    public var image: ImageLocation

    public init(photo: Photo, image: ImageLocation) {
        self.photo = photo
        self.image = image
    }
}

/// Where a photo's image bytes come from.
public enum ImageLocation: Sendable, Equatable {
    case file(URL)
    /// http(s): fetching arrives with the Unsplash client; until then it is shown as an error.
    case remote(URL)

    /// Why a location cannot be shown yet, or nil when it can.
    public var unavailableReason: String? {
        if case .remote = self { return "remote photos not supported yet" }
        return nil
    }
}
