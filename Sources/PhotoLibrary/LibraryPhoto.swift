import FoundationEssentials
import PhotoPagerBase

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
    /// http(s), fetched as it is.
    case remote(URL)
    /// An Unsplash `urls.raw` (imgix): fetched resized to the size shown (`w`, `h`, `fit=max`…).
    case resizable(URL)

    public var isRemote: Bool {
        if case .file = self { return false }
        return true
    }

    /// Unsplash's image hosts, whose `raw` URLs take imgix resize parameters.
    public static func isUnsplashImageHost(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "images.unsplash.com" || host == "plus.unsplash.com" || host == "unsplash.imgix.net"
    }

    /// Where an Unsplash photo object's pixels are: `raw` resized when it is an Unsplash image
    /// (or `resizeAnyRaw`, for photos the API itself returned), else the best fixed size.
    public static func forPhoto(_ urls: Photo.URLs, resizeAnyRaw: Bool) -> ImageLocation? {
        if let raw = urls.raw.flatMap(URL.init(string:)), raw.isWeb, resizeAnyRaw || isUnsplashImageHost(raw) {
            return .resizable(raw)
        }
        for text in [urls.regular, urls.full, urls.small, urls.thumb, urls.raw] {
            if let url = text.flatMap(URL.init(string:)), url.isWeb {
                return .remote(url)
            }
        }
        return nil
    }
}

extension URL {
    /// An http or https URL: what the network side fetches (and the only schemes it will).
    public var isWeb: Bool {
        let scheme = self.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }
}
