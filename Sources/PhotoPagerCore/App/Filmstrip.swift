import PhotoPagerBase

/// The pager's filmstrip (`t`), as in a phone's gallery: a row of the neighbouring photos'
/// thumbnails under the photo, the current one in the middle slot with a bar under it. At
/// either end of the list the current one stays in the middle and the slots beside it are
/// empty. A click on a thumbnail pages there.
public enum Filmstrip {
    /// Four rows of thumbnail and the bar under the current one.
    public static let rows = 5

    public struct Slot: Sendable, Hashable {
        /// The photo shown in it; nil for an empty slot past either end.
        public var index: Int?
        public var box: Rect
        /// Pages from the current photo (0: the current one).
        public var offset: Int
    }

    /// The slots of `strip` around photo `current` of `count`: an odd number, as many 3:2 boxes
    /// as fit with a column between them, the middle one the current photo.
    public static func slots(in strip: Rect, current: Int, count: Int,
                             cell: PixelSize) -> [Slot] {
        let height = max(1, strip.height - 1)
        let width = max(2, Int((Double(height * cell.height) * 1.5 / Double(max(1, cell.width))).rounded()))
        var slots = max(1, (strip.width + 1) / (width + 1))
        if slots % 2 == 0 { slots -= 1 }
        let used = slots * width + (slots - 1)
        let left = strip.x + (strip.width - used) / 2
        return (0 ..< slots).map { k in
            let offset = k - slots / 2
            let index = current + offset
            return Slot(index: (0 ..< count).contains(index) ? index : nil,
                        box: Rect(x: left + k * (width + 1), y: strip.y, width: width, height: height),
                        offset: offset)
        }
    }
}
