import FoundationEssentials
import PhotoDecoding
import PhotoPagerCore

/// A file on disk as a `Photo`: size from its header (upright), camera fields and date from
/// EXIF, and links that point back at the file.
public enum LocalPhoto {
    public static func make(url: URL) throws -> LibraryPhoto {
        let header = try PhotoDecoder.header(contentsOf: url)
        let uri = FileURI.string(for: url)
        let exif = header.exif
        let photo = Photo(
            id: stableID(for: url),
            width: header.width,
            height: header.height,
            urls: Photo.URLs(raw: uri, full: uri, regular: uri),
            user: Photo.User(name: exif?.artist),
            createdAt: exif?.dateTimeOriginal ?? modificationDate(of: url),
            links: Photo.Links(html: uri),
            exif: exif.flatMap { $0.camera == Photo.Exif() ? nil : $0.camera }
        )
        return LibraryPhoto(photo: photo, image: .file(url))
    }

    /// The same path always gives the same id (see `StableHash`).
    static func stableID(for url: URL) -> String {
        "file-" + StableHash.hex(url.standardizedFileURL.path)
    }

    static func modificationDate(of url: URL) -> String? {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
        else { return nil }
        return date.formatted(.iso8601)
    }
}
