import FoundationEssentials
import Glibc
import PhotoCache
import PhotoDecoding
import TerminalGraphics

/// Grid-sized decodes of local photos, kept as JPEG in the cache's `thumbs/` store: the second
/// opening of a big folder paints the visible grid from a few kB per tile instead of decoding
/// multi-megabyte originals again. Keyed by path, file size, mtime, pixel size and a sidecar's
/// turn, so an edited or turned photo is never shown from an old entry.
struct ThumbnailStore: Sendable {
    let cache: DiskCache
    /// Decodes up to this many pixels count as thumbnails (the pager's photos are not kept).
    static let largestArea = 480 * 360
    static let quality: Int32 = 92

    /// Where a decode of `url` at `size` is kept; nil when it is not a thumbnail (the pager's
    /// photos are not kept) or the file cannot be stat'ed. One stat serves the lookup and the keep.
    /// `orientation`: a sidecar's turn, part of the key (a turned square photo keeps its size).
    func key(for url: URL, size: (width: Int, height: Int), orientation: Orientation? = nil) -> EntryKey? {
        guard Self.isThumbnail(size) else { return nil }
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        let stamp = "\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        let turn = orientation.map { "|turned-\($0.rawValue)" } ?? ""
        return EntryKey.hashed("\(url.path)|\(stamp)|\(size.width)x\(size.height)" + turn)
    }

    func image(at key: EntryKey, size: (width: Int, height: Int)) -> RGBImage? {
        guard let data = cache.read(.thumbs, key), let image = try? PhotoDecoder.decode(data, DecodeRequest(size: size)),
              image.width == size.width, image.height == size.height else { return nil }
        return image
    }

    func keep(_ image: RGBImage, at key: EntryKey) {
        guard let jpeg = try? JPEGWriter.encode(image, quality: Self.quality, fullChroma: true) else { return }
        cache.write(.thumbs, key, Data(jpeg))
    }

    static func isThumbnail(_ size: (width: Int, height: Int)) -> Bool {
        size.width > 0 && size.height > 0 && size.width * size.height <= largestArea
    }
}
