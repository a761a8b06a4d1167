import FoundationEssentials
import PhotoPagerBase

/// An image named by its http(s) URL on the command line (`photopager render https://…`).
/// Its size is unknown until it arrives (0×0: laid out square), its page is its URL.
enum RemotePhoto {
    /// The argument as an http(s) URL, or nil when it is a path.
    static func url(_ argument: String) -> URL? {
        guard let url = URL(string: argument), url.isWeb, url.host?.isEmpty == false else { return nil }
        return url
    }

    static func make(_ url: URL) -> LibraryPhoto {
        let text = url.absoluteString
        let photo = Photo(id: "url-" + StableHash.hex(text), width: 0, height: 0, urls: Photo.URLs(raw: text),
                          user: Photo.User(), links: Photo.Links(html: text))
        let image: ImageLocation = ImageLocation.isUnsplashImageHost(url) ? .resizable(url) : .remote(url)
        return LibraryPhoto(photo: photo, image: image)
    }
}
