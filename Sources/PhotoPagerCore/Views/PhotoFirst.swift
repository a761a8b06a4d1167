import PhotoPagerBase

/// A page turn with the filmstrip on changes the photo and every thumbnail of the strip at once;
/// the photo is what the person looks at, so it goes out in a frame of its own first, with the
/// strip's images left as they were (so they are not redrawn), and the strip follows in the
/// next frame. In a sixel terminal the strip is ~150 kB, a fifth of the photo's bytes.
public enum PhotoFirst {
    /// `frame` with the images inside `strip` replaced by those `previous` had there, when the
    /// images outside the strip changed since `previous` and the strip's changed too; nil when
    /// `frame` can go out as it is.
    public static func frame(_ frame: Frame, previous: Frame?, strip: Rect?) -> Frame? {
        guard let strip, let previous, previous.columns == frame.columns, previous.rows == frame.rows else { return nil }
        func split(_ images: [ImagePlacement]) -> (photo: [ImagePlacement], strip: [ImagePlacement]) {
            let inStrip = images.filter { $0.rect.intersection(strip) != nil }
            return (images.filter { $0.rect.intersection(strip) == nil }, inStrip)
        }
        let now = split(frame.images), before = split(previous.images)
        guard now.photo != before.photo, !now.photo.isEmpty, now.strip != before.strip else { return nil }
        var first = frame
        first.images = now.photo + before.strip
        return first
    }
}
