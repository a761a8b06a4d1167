import PhotoPagerBase

/// The info panel completes an Unsplash photo with its full object (exif, location) once the
/// panel has rested on it for a moment: a debounce through the shell's timer, so paging through
/// with the panel open (or holding an arrow) asks for nothing.
extension AppState {
    /// While the panel shows a photo whose details were never asked for, a timer is running for it.
    mutating func scheduleDetailsIfShown() -> [Effect] {
        guard showsInfoPanel, let photo = currentPhoto, photo.isFromUnsplash, !detailsRequested.contains(photo.id) else {
            detailsPending = nil
            return []
        }
        guard detailsPending != photo.id else { return [] }
        detailsPending = photo.id
        return [.scheduleDetails(photoID: photo.id)]
    }

    /// The timer ran out: ask, if the panel still shows that photo.
    mutating func detailsDue(_ photoID: String) -> [Effect] {
        guard detailsPending == photoID, showsInfoPanel, currentPhoto?.id == photoID else { return [] }
        detailsPending = nil
        detailsRequested.insert(photoID)
        return [.fetchDetails(photoID: photoID)]
    }

    /// The full object fills the rows it knows more about; the rest of the photo stays as listed.
    mutating func fillDetails(_ full: Photo) {
        guard let index = photos.firstIndex(where: { $0.id == full.id }) else { return }
        var photo = photos[index]
        photo.exif = full.exif ?? photo.exif
        photo.location = full.location ?? photo.location
        photo.description = photo.description ?? full.description
        photo.likes = full.likes ?? photo.likes
        photo.createdAt = photo.createdAt ?? full.createdAt
        photos[index] = photo
    }
}

extension Photo {
    /// A photo whose page is on unsplash.com: credited "Photo by NAME on Unsplash", its links
    /// carry the referral parameters, sharing it sends the download ping.
    public var isFromUnsplash: Bool {
        links?.html.map(ShareLink.isUnsplashPage) ?? false
    }

    /// The credit line of the pager's top bar and the info panel: Unsplash's guidelines want
    /// "Photo by NAME on Unsplash"; other photos show their caption.
    public var credit: String {
        guard isFromUnsplash, !user.displayName.isEmpty else { return caption }
        return "Photo by \(user.displayName) on Unsplash"
    }
}
