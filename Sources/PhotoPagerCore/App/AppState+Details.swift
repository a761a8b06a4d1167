import PhotoPagerBase

/// The info panel's details: the full object of a photo fills the rows it knows more about.
extension AppState {
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
