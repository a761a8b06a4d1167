extension Photo {
    /// What only a local file tells, for the info panel; never part of the Unsplash JSON.
    public struct FileDetails: Sendable, Hashable {
        /// The colours as shown: "Display P3 → sRGB", "sRGB", "unreadable profile: shown as sRGB".
        public var colour: String?
        /// Every file of the photo: the one shown first, then its companion (a RAW beside its
        /// JPEG, or the JPEG beside a RAW shown with --raw).
        public var files: [String]
        /// The XMP sidecars of those files that exist (`NAME.EXT.xmp`, a RAW's `NAME.xmp`).
        public var sidecars: [String]

        public init(colour: String? = nil, files: [String] = [], sidecars: [String] = []) {
            self.colour = colour
            self.files = files
            self.sidecars = sidecars
        }
    }

    /// The files of a photo on this machine (the shown one first); none for a remote photo.
    public var localFiles: [String] {
        if let files = fileDetails?.files, !files.isEmpty, files[0].hasPrefix("/") { return files }
        guard let uri = urls.raw, uri.hasPrefix("file://") else { return [] }
        let path = uri.dropFirst("file://".count)
        return path.hasPrefix("/") ? [String(path).percentDecoded ?? String(path)] : []
    }

    /// The name of the photo's (first) file, as its library or folder calls it: `IMG_2041.jpg`.
    public var fileName: String? {
        fileDetails?.files.first.flatMap { $0.split(separator: "/").last.map(String.init) }
    }

    /// The photo as its header was read, keeping what the listing knew that a header cannot:
    /// the other file of a RAW + JPEG pair, the sidecars, and the rating they (or the person,
    /// meanwhile) gave it, which outranks one written inside the photo.
    public func keepingFiles(of listed: Photo) -> Photo {
        var photo = self
        if let rating = listed.rating { photo.rating = rating }
        if let details = listed.fileDetails, details.files.count > (fileDetails?.files.count ?? 0) || !details.sidecars.isEmpty {
            let read = fileDetails?.files ?? []
            photo.fileDetails = FileDetails(colour: fileDetails?.colour, files: details.files.count > read.count ? details.files : read,
                                            sidecars: details.sidecars)
        }
        return photo
    }
}
