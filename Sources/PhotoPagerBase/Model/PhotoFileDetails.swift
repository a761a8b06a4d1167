extension Photo {
    /// What only a local file tells, for the info panel; never part of the Unsplash JSON.
    public struct FileDetails: Sendable, Hashable {
        /// The colours as shown: "Display P3 → sRGB", "sRGB", "unreadable profile: shown as sRGB".
        public var colour: String?
        /// Every file of the photo: the one shown first, then its companion (a RAW beside its
        /// JPEG, or the JPEG beside a RAW shown with --raw).
        public var files: [String]

        public init(colour: String? = nil, files: [String] = []) {
            self.colour = colour
            self.files = files
        }
    }

    /// The name of the photo's (first) file, as its library or folder calls it: `IMG_2041.jpg`.
    public var fileName: String? {
        fileDetails?.files.first.flatMap { $0.split(separator: "/").last.map(String.init) }
    }

    /// The photo as its header was read, keeping what the listing knew that a header cannot
    /// (the other file of a RAW + JPEG pair).
    public func keepingFiles(of listed: Photo) -> Photo {
        guard let files = listed.fileDetails?.files, files.count > (fileDetails?.files.count ?? 0) else { return self }
        var photo = self
        photo.fileDetails = FileDetails(colour: fileDetails?.colour, files: files)
        return photo
    }
}
