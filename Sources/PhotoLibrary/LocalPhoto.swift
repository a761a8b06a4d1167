import FoundationEssentials
import Glibc
import PhotoDecoding
import PhotoPagerBase

/// A file on disk as a `Photo`: size from its header (upright), camera fields and date from
/// EXIF, and links that point back at the file.
public enum LocalPhoto {
    /// `companions`: the other files of the photo (a RAW beside its JPEG).
    /// `head`: the file already open there (the caller looked at its magic number), so a photo
    /// costs one open; `path`: `url.path` when the caller has it. `sidecars`: its XMP sidecars,
    /// and `rating` and `orientation` what they (or the store of read-only folders) say; else
    /// the photo's own count. A sidecar's orientation replaces the photo's own, never adds to it.
    public static func make(url: URL, path: String? = nil, head: FileHead? = nil, companions: [URL] = [],
                            sidecars: [String] = [], rating: Int? = nil, orientation: Int? = nil) throws -> LibraryPhoto {
        let head = try head ?? { let head = FileHead(); try head.open(path ?? url.path); return head }()
        let header = try PhotoDecoder.header(of: head, url: url)
        let exif = header.exif
        // The placeholder's id and links, so a photo listed lazily and then read is the same one.
        var item = placeholder(url: url, path: path)
        let turn = orientation.flatMap(Orientation.init(rawValue:)) ?? header.orientation
        (item.photo.width, item.photo.height) = turn.uprightSize(width: header.storedWidth, height: header.storedHeight)
        item.photo.user = Photo.User(name: exif?.artist)
        item.photo.createdAt = exif?.dateTimeOriginal ?? isoDate(head.modified)
        item.photo.exif = exif.flatMap { $0.camera == Photo.Exif() ? nil : $0.camera }
        var details = Photo.FileDetails(colour: ColourManagement.describe(header.colour), files: [url.path] + companions.map(\.path),
                                        sidecars: sidecars)
        details.orientation = orientation
        details.ownOrientation = header.orientation.rawValue
        item.photo.fileDetails = details
        item.photo.rating = rating ?? header.rating
        return item
    }

    /// The extensions a folder listed lazily takes for images without opening the file.
    public static let imageExtensions: Set<String> = Set(["jpg", "jpeg", "jpe", "png", "webp", "gif", "heic", "heif", "hif", "avif",
                                                          "jxl", "tif", "tiff"]).union(ImageFormat.rawExtensions)

    /// What a camera, a phone or a photo tool leaves beside photos: sidecars, edits, thumbnails,
    /// videos (a Live Photo's .MOV), indexes (Thumbs.db, desktop.ini, ZbThumbnail.info). Left
    /// out of folder walks without a word; told by the extension alone, which costs nothing
    /// per file of a 100,000-photo folder.
    static let companionExtensions: Set<String> = ["xmp", "aae", "thm", "lrv", "mov", "mp4", "m4v", "webm", "mkv", "avi", "3gp",
                                                   "mts", "m2ts", "wav", "db", "ini", "info", "pp3", "dop", "on1", "xml"]

    /// Whether a file met in a folder is a companion of the photos rather than one: by its
    /// extension, or a `.json` beside a photo of its name (Google Takeout's "IMG_1.jpg.json").
    /// `ext`: its ``fileExtension(of:)``; `paths`: every file walked, asked only for a `.json`.
    static func isCompanion(path: String, ext: String, among paths: () -> Set<String>) -> Bool {
        if companionExtensions.contains(ext) { return true }
        guard ext == "json" else { return false }
        let stem = String(path.dropLast(5)), all = paths()
        return all.contains(stem) || imageExtensions.contains { all.contains(stem + "." + $0) || all.contains(stem + "." + $0.uppercased()) }
    }

    /// The lowercased extension of a path's last component ("" when none): URL's
    /// `pathExtension` costs more than the rest of listing a file.
    public static func fileExtension(of path: String) -> String {
        let bytes = path.utf8
        // From the end: the last dot of the last component, not its first byte (".hidden").
        var index = bytes.endIndex
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            switch bytes[before] {
            case UInt8(ascii: "/"): return ""
            case UInt8(ascii: "."):
                guard before > bytes.startIndex, bytes[bytes.index(before: before)] != UInt8(ascii: "/") else { return "" }
                let ext = bytes[index...]
                // ASCII (nearly all) without Unicode's lowercasing: 100,000 of them took 10 ms.
                guard ext.allSatisfy({ $0 < 0x80 }) else { return String(decoding: ext, as: UTF8.self).lowercased() }
                return String(unsafeUninitializedCapacity: ext.count) { out in
                    for (i, byte) in ext.enumerated() { out[i] = byte >= 65 && byte <= 90 ? byte + 32 : byte }
                    return ext.count
                }
            default: index = before
            }
        }
        return ""
    }

    /// A photo known by its path only: its id (the same path always gives the same id, see
    /// `StableHash`), its `file://` links and so its caption; size unknown until `make`.
    /// `path`: `url.path` when the caller has it.
    public static func placeholder(url: URL, path: String? = nil, companions: [URL] = [], sidecars: [String] = [],
                                   orientation: Int? = nil) -> LibraryPhoto {
        let path = path.flatMap { FileURI.isStandard($0) ? $0 : nil } ?? FileURI.standardPath(url)
        let uri = FileURI.string(forStandardPath: path)
        let photo = Photo(id: "file-" + StableHash.hex(path), width: 0, height: 0, urls: Photo.URLs(raw: uri, full: uri, regular: uri),
                          user: Photo.User(), links: Photo.Links(html: uri))
        var item = LibraryPhoto(photo: photo, image: .file(url))
        if !companions.isEmpty || !sidecars.isEmpty {
            item.photo.fileDetails = Photo.FileDetails(files: [path] + companions.map(\.path), sidecars: sidecars)
            item.photo.fileDetails?.orientation = orientation
        }
        return item
    }

    /// A file's mtime as ISO 8601 UTC ("2024-05-01T10:00:00Z"), from the fstat of its open:
    /// Foundation's attributesOfItem also reads extended attributes and looks up the owner's
    /// name (a socket to nscd per file), which dominated listing a folder of PNGs.
    static func isoDate(_ time: timespec) -> String? {
        var seconds = time.tv_sec
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
