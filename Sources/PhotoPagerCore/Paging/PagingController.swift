
/// The pager's scroll state: a continuous horizontal offset over a strip of full-width pages, one
/// photo per page, and which photo that offset shows.
///
/// Why continuous: wheel and drag input move the strip by fractions of a page, and the renderer may
/// show two photos part-way; ``snap()`` and ``page(by:)`` bring it back to a page boundary.
///
/// Why ``currentIndex`` rounds: truncating, `Int(offset / width)`, would keep reporting
/// the previous photo until the next one fills the whole screen; rounding names the photo that
/// covers most of the screen, so the position, the title bar and the grid's selection agree with
/// what a person sees mid-scroll.
///
/// Concurrency: a plain non-`Sendable` class rather than `@MainActor`. It is owned by the app's
/// single event loop, whichever isolation that loop has (it is not necessarily the main actor), and
/// Swift 6's region checking already rejects sharing it across isolation domains. `@MainActor`
/// would force every caller, including the pure `update` function and tests, onto the main actor.
public final class PagingController {
    /// Held weakly; see ``PagingControllerDelegate`` for why.
    public weak var delegate: (any PagingControllerDelegate)?

    /// Horizontal scroll position in terminal columns, `0...maximumOffset`. Page `i` starts at
    /// `i * pageWidth`.
    public private(set) var contentOffset: Double
    /// The viewport width in columns: one page. At least 1, so the index math never divides by 0.
    public private(set) var pageWidth: Int
    /// How many photos the strip holds; grows as pagination appends photos.
    public private(set) var photoCount: Int

    /// The index the delegate last heard about (or the start index): the baseline that decides
    /// whether a change is real.
    private var shownIndex: Int

    /// A pager showing `startIndex` (clamped to the photos) snapped to its page.
    public init(photoCount: Int, pageWidth: Int, startIndex: Int = 0) {
        self.photoCount = max(0, photoCount)
        self.pageWidth = max(1, pageWidth)
        let start = Self.clamp(startIndex, count: self.photoCount)
        contentOffset = Double(start) * Double(self.pageWidth)
        shownIndex = start
    }

    /// The photo covering most of the viewport: `contentOffset / pageWidth` rounded to the nearest
    /// page (halfway rounds forward), clamped to `0..<photoCount`. 0 when there are no photos, which
    /// is where the first photo will appear when some arrive.
    public var currentIndex: Int {
        Self.index(offset: contentOffset, pageWidth: pageWidth, count: photoCount)
    }

    /// The offset of the last page; the strip cannot scroll past it (a terminal has no rubber band).
    public var maximumOffset: Double {
        Double(max(0, photoCount - 1)) * Double(pageWidth)
    }

    /// `true` when the offset sits exactly on a page boundary, i.e. no scroll is in progress.
    public var isSnapped: Bool {
        contentOffset == Double(currentIndex) * Double(pageWidth)
    }

    /// Moves the strip continuously by `delta` columns (positive shows later photos), clamped to the
    /// strip. Non-finite deltas are ignored so a bad input event cannot poison the offset.
    public func scroll(by delta: Double) {
        guard delta.isFinite else { return }
        setOffset(contentOffset + delta)
    }

    /// Settles a continuous scroll on the nearest page boundary (the page ``currentIndex`` names,
    /// so snapping never changes the photo).
    public func snap() {
        setOffset(Double(currentIndex) * Double(pageWidth))
    }

    /// Next (`+1`) / previous (`-1`) photo, or `n` photos away; clamped to the first and last photo
    /// and snapped, whatever fraction of a page the strip was scrolled before.
    public func page(by pages: Int) {
        let (target, overflow) = currentIndex.addingReportingOverflow(pages)
        scrollToPhoto(at: overflow ? (pages > 0 ? Int.max : Int.min) : target)
    }

    /// Jumps to photo `index` (clamped to the photos), snapped: how the grid opens the pager.
    public func scrollToPhoto(at index: Int) {
        setOffset(Double(Self.clamp(index, count: photoCount)) * Double(pageWidth))
    }

    /// The viewport changed width (SIGWINCH): keeps the current photo and recomputes the offset for
    /// the new page width. Keeping the old offset in columns would land on another photo — the
    /// classic rotation bug. A resize also ends any part-way scroll: the result is snapped.
    public func resize(pageWidth newWidth: Int) {
        let index = currentIndex
        pageWidth = max(1, newWidth)
        contentOffset = Double(index) * Double(pageWidth)
        notifyIfChanged()
    }

    /// The number of photos changed. Appending (pagination) keeps the offset and so the photo, even
    /// mid-scroll; removing photos past the current one clamps to the new last photo.
    public func setPhotoCount(_ count: Int) {
        photoCount = max(0, count)
        setOffset(contentOffset)
    }

    private func setOffset(_ offset: Double) {
        contentOffset = min(max(offset, 0), maximumOffset)
        notifyIfChanged()
    }

    /// Tells the delegate when ``currentIndex`` differs from what it was last told. With no photos
    /// there is nothing shown to report; the baseline still moves so a later arrival is judged
    /// against it.
    private func notifyIfChanged() {
        let index = currentIndex
        guard index != shownIndex else { return }
        shownIndex = index
        if photoCount > 0 {
            delegate?.pagingController(self, didShowPhotoAt: index)
        }
    }

    static func clamp(_ index: Int, count: Int) -> Int {
        min(max(index, 0), max(count - 1, 0))
    }

    /// Rounding to nearest, done in `Double` and clamped before converting so no value can trap.
    static func index(offset: Double, pageWidth: Int, count: Int) -> Int {
        guard count > 1 else { return 0 }
        let page = (offset / Double(max(pageWidth, 1))).rounded(.toNearestOrAwayFromZero)
        if !(page > 0) { return 0 }
        if page >= Double(count - 1) { return count - 1 }
        return Int(page)
    }
}
