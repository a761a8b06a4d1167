import FoundationEssentials
import Glibc
import HTTPClient
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase

/// `d` and `--print path`: a photo's original saved into a folder.
///
/// The file is named from the photo's id and the photographer's username reduced to
/// `[A-Za-z0-9_-]` (both come from strangers), with the extension of what arrived; it is
/// written as `NAME.part` and then linked into place, which never replaces a file: a name
/// taken gets `-2`, `-3`…
public struct PhotoDownloader: Sendable {
    public let directory: URL
    private let originals: any PhotoOriginalFetcher

    public init(directory: URL, originals: any PhotoOriginalFetcher) {
        self.directory = directory
        self.originals = originals
    }

    /// The web's originals, with Unsplash's rule for its photos (see `WebOriginals`).
    public init(directory: URL, transport: any HTTPTransport, client: UnsplashClient?, timeout: Duration = .seconds(120)) {
        self.init(directory: directory, originals: WebOriginals(transport: transport, client: client, timeout: timeout))
    }

    /// The same folder, the originals fetched by `source` when it has its own way.
    public func fetching(with source: (any PhotoOriginalFetcher)?) -> PhotoDownloader {
        source.map { PhotoDownloader(directory: directory, originals: $0) } ?? self
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Saves the original of `photo` (whose image is at `location`); the file it wrote.
    public func save(_ photo: Photo, location: ImageLocation, progress: HTTPProgress? = nil) throws -> URL {
        let data = try originals.original(of: photo, location: location, progress: progress)
        guard let format = ImageFormat(magic: [UInt8](data.prefix(16))) else {
            throw Failure(description: "what arrived is not an image")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try write(data, named: Self.fileName(photo), extension: format.fileExtension)
    }

    /// The library's own name for the photo's file (Immich's original file name) made safe,
    /// else `ID-USERNAME`, each reduced to `[A-Za-z0-9_-]` and kept short; `photo` when nothing
    /// is left.
    static func fileName(_ photo: Photo) -> String {
        if let original = photo.fileDetails?.files.first.flatMap(safeName) { return original }
        let parts = [photo.id, photo.user.username ?? ""].map(reduced).filter { !$0.isEmpty }
        return parts.isEmpty ? "photo" : parts.joined(separator: "-")
    }

    /// A stranger's file name as a name in the download folder: its last component, without
    /// control, format (bidi) or separator characters, no leading dot, at most 100 characters,
    /// and without an image extension (the bytes decide the one it gets); nil when nothing is left.
    static func safeName(_ path: String) -> String? {
        let last = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = last.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
            default: true
            }
        }
        var name = String(String.UnicodeScalarView(kept)).trimmingWhitespace
        while name.hasPrefix(".") { name.removeFirst() }
        if let dot = name.lastIndex(of: "."), LocalPhoto.imageExtensions.contains(name[name.index(after: dot)...].lowercased()) {
            name = String(name[..<dot])
        }
        name = String(name.prefix(100)).trimmingWhitespace
        return name.isEmpty ? nil : name
    }

    static func reduced(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { scalar in
            ("a" ... "z").contains(scalar) || ("A" ... "Z").contains(scalar) || ("0" ... "9").contains(scalar)
                || scalar == "_" || scalar == "-"
        }
        return String(String.UnicodeScalarView(kept.prefix(64)))
    }

    /// Writes `data` to a fresh `.part` file, then links it under the first free name.
    private func write(_ data: Data, named name: String, extension ext: String) throws -> URL {
        let part = directory.appendingPathComponent("\(name).\(ext).\(getpid())-\(UInt32.random(in: 0 ... .max)).part")
        guard FileManager.default.createFile(atPath: part.path, contents: data, attributes: [.posixPermissions: 0o644]) else {
            throw Failure(description: "cannot write in \(directory.path)")
        }
        defer { unlink(part.path) }
        for attempt in 1 ... 1000 {
            let target = directory.appendingPathComponent(attempt == 1 ? "\(name).\(ext)" : "\(name)-\(attempt).\(ext)")
            if link(part.path, target.path) == 0 { return target }
            guard errno == EEXIST else { throw Failure(description: "cannot write \(target.path): \(String(cString: strerror(errno)))") }
        }
        throw Failure(description: "no free name for \(name).\(ext) in \(directory.path)")
    }
}

extension ImageFormat {
    /// The usual file name extension.
    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .heif: "heic"
        case .avif: "avif"
        case .jxl: "jxl"
        case .tiff: "tif"
        case .raw: "raw"
        }
    }
}
