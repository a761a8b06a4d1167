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
        /// The turn a sidecar (`tiff:Orientation`, 1–8) gives the photo, replacing its own; nil:
        /// its own stands.
        public var orientation: Int?
        /// Bumped each time its file was changed by another program this session (a key
        /// handler): its images are made again, not taken from what was kept of the old ones.
        public var revision = 0
        /// Its own orientation (EXIF's; 1 for formats whose container turns the image), once
        /// its header is read: what `r` turns from when no sidecar has turned it.
        public var ownOrientation: Int?

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
    /// the other file of a RAW + JPEG pair, the sidecars, and the rating and turn they (or the
    /// person, meanwhile) gave it, which outrank those written inside the photo.
    public func keepingFiles(of listed: Photo) -> Photo {
        var photo = self
        if let rating = listed.rating { photo.rating = rating }
        guard let details = listed.fileDetails else { return photo }
        var kept = fileDetails ?? FileDetails()
        if details.files.count > kept.files.count { kept.files = details.files }
        if !details.sidecars.isEmpty { kept.sidecars = details.sidecars }
        if let turn = details.orientation, turn != kept.orientation {
            // The header's size stood the photo up by its own orientation: stand it up by the sidecar's.
            if Self.swapsAxes(turn) != Self.swapsAxes(kept.orientation ?? kept.ownOrientation ?? 1) {
                (photo.width, photo.height) = (photo.height, photo.width)
            }
            kept.orientation = turn
        }
        if kept != (fileDetails ?? FileDetails()) { photo.fileDetails = kept }
        return photo
    }

    /// The photo's turn now: the sidecar's, else its own; nil while its header is unread.
    public var orientation: Int? { fileDetails?.orientation ?? fileDetails?.ownOrientation }

    /// EXIF orientations 5–8 stand the stored image on its side.
    public static func swapsAxes(_ orientation: Int) -> Bool { orientation >= 5 }

    /// An orientation turned a quarter clockwise (or anticlockwise) more, as photo tools
    /// compose them: the value stays absolute.
    public static func turned(_ orientation: Int, clockwise: Bool) -> Int {
        let clockwiseOf = [1: 6, 6: 3, 3: 8, 8: 1, 2: 7, 7: 4, 4: 5, 5: 2]
        if clockwise { return clockwiseOf[orientation] ?? 6 }
        return clockwiseOf.first { $0.value == orientation }?.key ?? 8
    }
}
