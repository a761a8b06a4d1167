import Culling
import Dispatch
import FoundationEssentials
import PhotoDecoding
import PhotoPagerBase

/// Turns what a person typed (files, folders, manifests; nothing = the bundled set) into the
/// ordered list of photos to browse. Problems with single items become notes, not failures:
/// one stray text file in ~/Pictures must not stop the whole run.
public struct PhotoLibrary: Sendable {
    public private(set) var photos: [LibraryPhoto] = []
    /// Files passed over on purpose, worded for stderr ("skipped notes.txt: not an image").
    public private(set) var notes: [String] = []
    /// Sources that should have given photos and failed: a missing path, an unreadable or
    /// corrupt image header, a broken manifest. The run goes on; its exit status says so.
    public private(set) var problems: [String] = []
    /// Photos listed by name only (`load(_:lazily:)`): their header is still to be read with
    /// `LocalPhoto.make`, which gives the same id.
    public private(set) var unreadHeaders: Set<String> = []
    /// Files met in folders that are not photos (sidecars, videos, other documents), left out
    /// without a note each: `list` says how many in one line.
    public private(set) var leftOut = 0
    /// `load(_:lazily:preferRaw:listingFirst:)`: the photos after the first ones of a long
    /// listing, still to be made (all listed by name, after those in `photos`).
    public private(set) var rest: ListingRest?

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Photos that came from elsewhere (an API listing).
    public init(photos: [LibraryPhoto] = []) {
        self.photos = photos
    }

    /// `--limit N`: only the first `count` photos.
    public mutating func keepFirst(_ count: Int) {
        photos = Array(photos.prefix(max(0, count)))
        unreadHeaders.formIntersection(photos.map(\.photo.id))
    }

    static let sliceSize = 4096

    /// Loads every source in order; one bad source never stops the others. Files are read
    /// on every core (a header each), which is what a folder of thousands of photos waits on;
    /// the results keep the walk's order.
    /// `lazily`: files with an image's extension are listed without being opened, as
    /// placeholders (size unknown) in `unreadHeaders`; the pager reads them as the screen needs
    /// them, so a folder of 10,000 photos opens at once. Everything else is read as usual.
    /// `preferRaw` (`--raw`): of a RAW + JPEG pair, the RAW is shown (else the JPEG).
    /// `listingFirst` (with `lazily`): when more files than this follow, all listed by name,
    /// only the first ones become photos now and the rest is `rest`, made while the first
    /// screen is already up: a folder of 100,000 photos spent a second making them all.
    /// `limit`: only the first photos (`--limit`), and files after them are not read.
    /// `each`: the photos are handed over in order, a few thousand at a time, as they are made,
    /// and not kept: `list` of 100,000 files prints while it reads, and never holds them all.
    /// `ratings`: the store of ratings given in read-only folders. `rated`: only the photos
    /// it admits (`--min-rating`, `--rejected`; `limit` counts those), which needs every
    /// header (`lazily` is then not taken).
    public static func load(_ arguments: [String], lazily: Bool = false, preferRaw: Bool = false,
                            listingFirst: Int? = nil, limit: Int? = nil, ratings: RatingStore? = nil,
                            rated: RatingFilter? = nil, each: (([LibraryPhoto]) -> Void)? = nil) -> PhotoLibrary {
        let lazily = lazily && rated == nil
        var library = PhotoLibrary()
        library.rated = rated
        // Links named like photos are taken for them unfollowed: each is opened later (or now)
        // anyway, and one that leads nowhere is then a photo that failed to read.
        var walker = PathWalker(linksTakenAsFiles: LocalPhoto.imageExtensions)
        // Each file, and its URL as typed when the person named it (rather than a folder holding it).
        let walked = arguments.filter { RemotePhoto.url($0) == nil }.flatMap { argument in
            let typed = URL(fileURLWithPath: argument), top = typed.path
            return walker.files(underPath: top).map { file in WalkedFile(path: file.path, ext: file.ext, typed: file.path == top ? typed : nil) }
        }
        // Companions of photos (sidecars, videos…) met in folders are left out unread.
        var allPaths: Set<String>?
        let paths = { allPaths ?? { allPaths = Set(walked.map(\.path)); return allPaths! }() }
        let photoFiles = walked.filter { !$0.named && LocalPhoto.isCompanion(path: $0.path, ext: $0.ext, among: paths) ? false : true }
        library.leftOut = walked.count - photoFiles.count
        // A RAW and a JPEG of one name are one photo: one is shown, the other is its companion.
        let pairs = RawPairs(photoFiles.map(\.path), extensions: photoFiles.map(\.ext), preferRaw: preferRaw)
        let files = photoFiles.filter { !pairs.hidden.contains($0.path) }
        let sidecars = SidecarIndex(paths: walked.map(\.path), extensions: walked.map(\.ext), store: ratings)
        // Files the person named are read at once: a broken one is their mistake to hear of.
        let deferred = files.map {
            lazily && !$0.named && LocalPhoto.imageExtensions.contains($0.ext)
        }
        var now = files.count
        if let first = listingFirst, files.count > first, deferred[first...].allSatisfy({ $0 }) {
            library.rest = ListingRest(paths: files[first...].map(\.path), companions: pairs.companions, sidecars: sidecars)
            now = first
        }
        if each == nil { library.photos.reserveCapacity(min(now, limit ?? now)) }
        var handed = 0
        /// The photos made so far to `each` (all but those past `limit`).
        func handOver() {
            guard let each else { return }
            let photos = library.photos.prefix(max(0, (limit ?? Int.max) - handed))
            if !photos.isEmpty { each(Array(photos)) }
            handed += photos.count
            library.photos.removeAll(keepingCapacity: true)
        }
        /// The files of `slice` read on every core, in the background; the closure returned
        /// waits for them.
        func reading(_ slice: Range<Int>) -> () -> [FileOutcome?] {
            let outcomes = Locked([FileOutcome?](repeating: nil, count: slice.count))
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                ParallelRows.forEach(slice.count, batch: 64) { range in
                    // Made where they are read: a placeholder's id and links are a hash and an
                    // escaped path, worth sharing out over the cores for 10,000 files too.
                    let head = FileHead()
                    let made = range.map { offset in
                        let index = slice.lowerBound + offset, file = files[index]
                        if deferred[index] { return FileOutcome.placeholder(ListingRest.placeholder(file.path, companions: pairs.companions, sidecars: sidecars)) }
                        let companion = pairs.companions[file.path]
                        let photoSidecars = sidecars.sidecars(of: [file.path] + (companion.map { [$0] } ?? []), named: file.named)
                        let culling = sidecars.culling(sidecars: photoSidecars, file: file.path)
                        return FileOutcome(file: file.url, path: file.path, named: file.named, head: head,
                                           companions: companion.map { [URL(fileURLWithPath: $0)] } ?? [], sidecars: photoSidecars,
                                           rating: culling.rating, orientation: culling.orientation)
                    }
                    outcomes.withLock { $0.replaceSubrange(range, with: made.map(Optional.some)) }
                }
            }
            return { group.wait(); return outcomes.withLock { $0 } }
        }
        // In slices, so the photos read but not yet added never add up to a second list of
        // everything (a photo is ~500 bytes before its strings; 100,000 of them twice is 100 MB).
        var start = 0
        func nextSlice() -> (() -> [FileOutcome?])? {
            let made = handed + library.photos.count
            guard start < now, made < limit ?? Int.max else { return nil }
            let slice = start ..< min(now, start + min(Self.sliceSize, limit.map { max(64, $0 - made) } ?? Int.max))
            start = slice.upperBound
            return reading(slice)
        }
        var current = nextSlice()
        while let outcomes = current {
            // The next slice is read while this one is added and handed over (not with a limit,
            // which this one may reach).
            let following = limit == nil ? nextSlice() : nil
            for outcome in outcomes() {
                if let outcome { library.add(outcome) }
            }
            handOver()
            current = limit == nil ? following : nextSlice()
        }
        // http(s) arguments are photos of their own, in the order given, after the files.
        library.photos += arguments.compactMap(RemotePhoto.url).map(RemotePhoto.make)
        handOver()
        if let limit { library.keepFirst(limit) }
        library.problems = walker.problems + library.problems
        return library
    }

    /// The bundled sample set that `photopager` shows when given nothing.
    public static func bundled() throws -> PhotoLibrary {
        guard let manifest = BundledSamples.manifestURL() else {
            throw LoadError(description: "the bundled sample set is not installed (looked in \(BundledSamples.searchedPlaces().joined(separator: ", ")))")
        }
        return load([manifest.path])
    }

    /// `load(rated:)`: the photos kept by their stars.
    private var rated: RatingFilter?

    /// Only the photos `filter` admits (the bundled set's and a manifest's too).
    public mutating func keepRated(_ filter: RatingFilter) {
        photos.removeAll { !filter.admits($0.photo.rating) }
    }

    private mutating func add(_ outcome: FileOutcome) {
        if let rated, let photo = outcome.photo, !rated.admits(photo.rating) { return }
        switch outcome {
        case .photo(let photo): photos.append(photo)
        case .placeholder(let photo):
            photos.append(photo)
            unreadHeaders.insert(photo.photo.id)
        case .manifest(let manifestPhotos): photos += manifestPhotos.filter { rated?.admits($0.photo.rating) ?? true }
        case .skipped(let note): notes.append(note)
        case .leftOut: leftOut += 1
        case .failed(let problem): problems.append(problem)
        }
    }
}

/// A file met in the walk; `typed`: its URL as the person typed it, when they named the file.
private struct WalkedFile {
    let path: String
    let ext: String
    let typed: URL?
    var named: Bool { typed != nil }
    var url: URL { typed ?? URL(filePath: path, directoryHint: .notDirectory) }
}

/// RAW + JPEG pairs among the files: same folder, same name but for the extension (any case).
struct RawPairs {
    /// Shown path → the other file of its pair.
    private(set) var companions: [String: String] = [:]
    /// The files not listed on their own.
    private(set) var hidden: Set<String> = []

    static let renderedExtensions: Set<String> = ["jpg", "jpeg", "jpe", "heic", "heif", "hif"]

    /// `extensions`: each path's ``LocalPhoto/fileExtension(of:)``.
    init(_ paths: [String], extensions: [String], preferRaw: Bool) {
        // Most folders hold no RAW: then nothing else is looked at.
        guard extensions.contains(where: ImageFormat.rawExtensions.contains) else { return }
        var rendered: [String: String] = [:], raws: [String: String] = [:]
        for (path, ext) in zip(paths, extensions) where !ext.isEmpty {
            let isRendered = Self.renderedExtensions.contains(ext), isRaw = ImageFormat.rawExtensions.contains(ext)
            guard isRendered || isRaw else { continue }
            let stem = String(path.dropLast(ext.count + 1)).lowercased()
            if isRendered { rendered[stem] = rendered[stem] ?? path }
            if isRaw { raws[stem] = raws[stem] ?? path }
        }
        for (stem, raw) in raws {
            guard let jpeg = rendered[stem] else { continue }
            let (shown, other) = preferRaw ? (raw, jpeg) : (jpeg, raw)
            companions[shown] = other
            hidden.insert(other)
        }
    }
}

/// What one file turned out to be.
private enum FileOutcome: Sendable {
    var photo: Photo? {
        if case .photo(let item) = self { return item.photo }
        return nil
    }

    case photo(LibraryPhoto)
    /// Listed lazily: the header is still to be read.
    case placeholder(LibraryPhoto)
    case manifest([LibraryPhoto])
    case skipped(String)
    /// Not a photo, met in a folder: counted, not noted.
    case leftOut
    case failed(String)

    /// A JSON file the person named must be a manifest (a broken one is their mistake to see);
    /// one met while walking a folder may be any sidecar (Google Takeout puts one beside each
    /// photo) and is skipped with a note when it is not a manifest.
    /// `head`: the memory to read the file's first bytes into (one per thread).
    init(file: URL, path: String, named: Bool, head: FileHead, companions: [URL] = [], sidecars: [String] = [], rating: Int? = nil,
         orientation: Int? = nil) {
        defer { head.close() }
        do {
            // One read serves the magic number and, for an image, the usual header.
            try head.open(path)
            let ext = LocalPhoto.fileExtension(of: path)
            if ImageFormat(magic: head.bytes, extensionHint: ext) != nil {
                self = .photo(try LocalPhoto.make(url: file, path: path, head: head, companions: companions, sidecars: sidecars,
                                                  rating: rating, orientation: orientation))
            } else if ext == "json" || head.bytes.first(where: { !$0.isWhitespace }) == UInt8(ascii: "[") {
                do {
                    self = .manifest(try Manifest.load(file))
                } catch where !named {
                    self = .skipped("skipped \(file.path): not a photo manifest (\(error))")
                }
            } else if named {
                // Named, it is the person's mistake to hear of, in the words of what it is.
                self = .failed("\(file.path): \(OtherFileKind.describe(magic: head.bytes).map(DecodeError.notAPhoto) ?? DecodeError.notAnImage)")
            } else if LocalPhoto.imageExtensions.contains(ext) {
                self = .skipped("skipped \(file.path): not an image")              // named like a photo: worth a word
            } else {
                self = .leftOut
            }
        } catch {
            self = .failed("\(file.path): \(error)")
        }
    }
}

private extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
