extension Photo {
    /// Where the photo lives on the web: `html` is the page to share and to credit.
    public struct Links: Sendable, Hashable, Codable {
        /// The API URL of this photo (`links.self` in JSON; `self` is reserved in Swift).
        public var selfLink: String?
        /// The photo's web page; for a local file, its `file://` URI.
        public var html: String?
        public var download: String?
        /// The API endpoint that must be hit when a user downloads the photo (Unsplash guidelines).
        public var downloadLocation: String?

        public init(
            selfLink: String? = nil, html: String? = nil,
            download: String? = nil, downloadLocation: String? = nil
        ) {
            self.selfLink = selfLink
            self.html = html
            self.download = download
            self.downloadLocation = downloadLocation
        }

        enum CodingKeys: String, CodingKey {
            case selfLink = "self"
            case html, download
            case downloadLocation = "download_location"
        }
    }
}
