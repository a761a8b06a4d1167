import Glibc
import PhotoPagerBase

/// The XMP sidecars of a photo's files, named the way photo tools name them: `NAME.EXT.xmp`
/// (darktable, digiKam, and photopager when it makes one), and for a RAW also `NAME.xmp`
/// (Lightroom's, which belongs to the RAW alone: never read for a JPEG of the same name).
public enum Sidecars {
    /// The names a sidecar of `file` may have, preferred first (either case of the extension).
    public static func candidates(of file: String, isRaw: Bool) -> [String] {
        var names = [file + ".xmp", file + ".XMP"]
        if isRaw, let stem = stem(of: file) { names += [stem + ".xmp", stem + ".XMP"] }
        return names
    }

    /// `file`'s sidecars among `known`: the files a folder walk met (no `stat` per photo).
    public static func of(_ file: String, isRaw: Bool, among known: Set<String>) -> [String] {
        guard !known.isEmpty else { return [] }
        return candidates(of: file, isRaw: isRaw).filter(known.contains)
    }

    /// `file`'s sidecars on the disk, for a photo named on its own (not met in a walk).
    public static func onDisk(of file: String, isRaw: Bool) -> [String] {
        candidates(of: file, isRaw: isRaw).filter { access($0, F_OK) == 0 }
    }

    /// Where a sidecar made for `file` goes.
    public static func newPath(for file: String) -> String { file + ".xmp" }

    /// What the sidecars say, the first that says anything first; one that cannot be read
    /// is passed over (the photo is shown without it).
    public static func read(_ sidecars: [String]) -> (rating: Int?, orientation: Int?) {
        var rating: Int?, orientation: Int?
        for path in sidecars {
            guard let bytes = try? AtomicFile.read(path, limit: 4 << 20) else { continue }
            let read = XMPPacket(bytes).ratingAndOrientation
            rating = rating ?? read.rating
            orientation = orientation ?? read.orientation
            if rating != nil, orientation != nil { break }
        }
        return (rating, orientation)
    }

    /// "dir/IMG_1.CR2" → "dir/IMG_1"; nil without an extension.
    public static func stem(of file: String) -> String? {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/"), dot > file.startIndex,
              file[file.index(before: dot)] != "/" else { return nil }
        return String(file[..<dot])
    }
}
