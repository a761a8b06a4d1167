import PhotoDecoding
import PhotoPagerBase

/// The zoomed pager's pixels: the photo decoded once at the size a zoom level needs (its own
/// pixels beyond 100 %), kept while the person pans, and each view cropped from it — so a pan
/// costs a crop and an encode, not a decode of 17.9 MP.
final class ZoomSource: Sendable {
    struct Key: Hashable, Sendable {
        let photoID: String
        let width: Int
        let height: Int
    }

    private let kept = Locked<(key: Key, image: RGBImage)?>(nil)

    /// The photo decoded at `window`'s decode size: kept, else `decode`d (and then kept,
    /// replacing the one before: one zoomed photo at a time).
    func image(photoID: String, window: ZoomWindow, decode: (Key) throws -> RGBImage) rethrows -> RGBImage {
        let key = Key(photoID: photoID, width: window.decodeWidth, height: window.decodeHeight)
        if let hit = kept.withLock({ $0?.key == key ? $0?.image : nil }) { return hit }
        let image = try decode(key)
        kept.withLock { $0 = (key, image) }
        return image
    }

    /// Forgets the decoded photo unless one of `contents` still zooms into it.
    func keep(only contents: Set<ImageContent>) {
        kept.withLock { entry in
            guard let key = entry?.key else { return }
            let wanted = contents.contains {
                $0.photoID == key.photoID && $0.window?.decodeWidth == key.width && $0.window?.decodeHeight == key.height
            }
            if !wanted { entry = nil }
        }
    }

    var bytesKept: Int { kept.withLock { $0.map { $0.image.pixels.count } ?? 0 } }

    /// What `window` shows of `source` (the photo at the window's decode size), `shown` pixels
    /// large: cropped, and enlarged when the zoom is past 100 %.
    static func view(of source: RGBImage, window: ZoomWindow, shown: PixelSize) -> RGBImage {
        guard source.width != window.scaledWidth || source.height != window.scaledHeight else {
            return source.cropped(x: window.x, y: window.y, width: shown.width, height: shown.height)
        }
        // The window in the source's pixels, widened to whole pixels, then resampled to size.
        let sx = Double(source.width) / Double(window.scaledWidth), sy = Double(source.height) / Double(window.scaledHeight)
        let left = Int((Double(window.x) * sx).rounded(.down)), top = Int((Double(window.y) * sy).rounded(.down))
        let right = Int((Double(window.x + shown.width) * sx).rounded(.up))
        let bottom = Int((Double(window.y + shown.height) * sy).rounded(.up))
        let part = source.cropped(x: left, y: top, width: right - left, height: bottom - top)
        return Resampler.resize(part, width: shown.width, height: shown.height)
    }
}
