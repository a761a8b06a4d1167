import FoundationEssentials
import PhotoLibrary
import PhotoPagerBase

/// An Immich asset in the Unsplash shape the rest of photopager knows: size, date, camera,
/// place, description, its ThumbHash, favourite and file name, the web app's page as the link to share, and the API's
/// renditions as its image URLs (fetched with the key by `ImmichImages`; no key in them).
public enum ImmichPhoto {
    public static func make(_ asset: ImmichAsset, server: ImmichServer, web: URL) -> LibraryPhoto {
        let id = asset.id.percentEncoded()
        let rendition = { (size: String) in server.url("assets/\(id)/thumbnail", query: [URLQueryItem(name: "size", value: size)]).absoluteString }
        let original = server.url("assets/\(id)/original").absoluteString
        let page = web.absoluteString + "/photos/" + id
        let exif = asset.exif
        var photo = Photo(id: asset.id, width: asset.width ?? 0, height: asset.height ?? 0,
                          urls: Photo.URLs(raw: original, full: original, regular: rendition("preview"), small: rendition("thumbnail"),
                                           thumb: rendition("thumbnail")),
                          user: Photo.User(name: asset.ownerName),
                          createdAt: wallClock(asset) ?? exif?.dateTimeOriginal ?? asset.fileCreatedAt,
                          description: exif?.description.flatMap { $0.isEmpty ? nil : $0 },
                          links: Photo.Links(html: page),
                          exif: exif.map(camera), location: exif.flatMap(place))
        photo.thumbHash = asset.thumbHash
        photo.favourite = asset.isFavorite
        // Immich's null is unrated; every Immich photo can be rated, so it is never "unknown".
        photo.rating = exif?.rating.flatMap { (-1 ... 5).contains($0) ? $0 : nil } ?? 0
        if !asset.people.isEmpty { photo.people = asset.people }
        if wallClock(asset) != nil, let zone = exif?.timeZone, !zone.isEmpty { photo.timeZone = zone }
        if asset.kind == .video { photo.videoDuration = Double(asset.durationMilliseconds ?? 0) / 1000 }
        // The name the photo had on the phone: the info panel's file, `/` matches it, `d` saves under it.
        if let name = asset.originalFileName, !name.isEmpty { photo.fileDetails = Photo.FileDetails(files: [name]) }
        return LibraryPhoto(photo: photo, image: .remote(URL(string: rendition("preview"))!))
    }

    /// When it was taken, on the clock where it was taken: `localDateTime` is that wall-clock
    /// time written with a `Z` it does not mean, so the `Z` goes (the day shown is the day there).
    static func wallClock(_ asset: ImmichAsset) -> String? {
        guard let local = asset.localDateTime, !local.isEmpty else { return nil }
        return local.hasSuffix("Z") ? String(local.dropLast()) : local
    }

    /// Immich's camera fields in the Unsplash units ("1/250", "5.6", "35.0").
    static func camera(_ exif: ImmichAsset.Exif) -> Photo.Exif {
        func decimal(_ value: Double?) -> String? { value.flatMap { $0 > 0 ? Photo.Exif.oneDecimal($0) : nil } }
        return Photo.Exif(make: exif.make, model: exif.model, exposureTime: exif.exposureTime,
                          aperture: decimal(exif.fNumber), focalLength: decimal(exif.focalLength), iso: exif.iso,
                          lens: exif.lensModel.flatMap { $0.isEmpty ? nil : $0 })
    }

    static func place(_ exif: ImmichAsset.Exif) -> Photo.Location? {
        let parts = [exif.city, exif.state, exif.country].compactMap { $0 }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        return Photo.Location(name: parts.joined(separator: ", "), city: exif.city, country: exif.country)
    }
}
