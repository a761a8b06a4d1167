import FoundationEssentials
import PhotoDecoding
import PhotoPagerBase

/// A JSON manifest: Unsplash photo objects whose image URLs may be relative to the manifest,
/// `file://` URIs, or http(s) addresses.
enum Manifest {
    static func load(_ url: URL) throws -> [LibraryPhoto] {
        let photos = try ManifestDecoder.photos(from: try FileBytes.read(url))
        let base = url.deletingLastPathComponent()
        return photos.map { photo in
            let image = imageLocation(of: photo, relativeTo: base)
            return LibraryPhoto(photo: withShareableLink(photo, image: image), image: image)
        }
    }

    /// A photo without a page of its own shares its image; a local one as the absolute
    /// `file://` URI of the file we resolved, never as the manifest's relative text (which means
    /// nothing outside the manifest's folder).
    static func withShareableLink(_ photo: Photo, image: ImageLocation) -> Photo {
        guard (photo.links?.html ?? "").isEmpty, case .file(let file) = image else { return photo }
        var photo = photo
        var links = photo.links ?? Photo.Links()
        links.html = FileURI.string(for: file)
        photo.links = links
        return photo
    }

    /// An Unsplash `raw` is resized by its host to the size shown; otherwise the best fixed size
    /// for a terminal: `regular` (1080 px wide on Unsplash) is plenty and far faster than `full`.
    static func imageLocation(of photo: Photo, relativeTo base: URL) -> ImageLocation {
        let u = photo.urls
        if let raw = u.raw.flatMap(URL.init(string:)), ImageLocation.isUnsplashImageHost(raw) { return .resizable(raw) }
        let reference = u.regular ?? u.full ?? u.raw ?? u.small ?? u.thumb ?? ""
        if let url = URL(string: reference), let scheme = url.scheme?.lowercased() {
            if scheme == "file" { return .file(url) }
            if url.isWeb { return .remote(url) }
        }
        if reference.hasPrefix("/") { return .file(URL(fileURLWithPath: reference)) }
        return .file(base.appendingPathComponent(reference).standardizedFileURL)
    }
}
