import PhotoPagerBase

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
