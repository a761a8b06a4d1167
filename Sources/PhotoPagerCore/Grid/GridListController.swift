
/// The grid's interactive state: which photo is selected and how far the grid is scrolled, over a
/// ``GridLayout``.
///
/// The two directions between grid and pager:
/// - grid → pager: ``openSelected()`` is the start index the app passes to
///   ``PagingController/scrollToPhoto(at:)``;
/// - pager → grid: as the pager's ``PagingControllerDelegate`` it follows every photo the pager
///   shows, moving the selection there and centring it, so the grid that reappears after the pager
///   is dismissed shows the photo just seen, as a phone's photo app does.
///
/// Every index is clamped to the photos; the scroll offset is always within the layout's content,
/// so no input sequence leaves the grid scrolled past its ends.
///
/// Concurrency: non-`Sendable` and not `@MainActor`, like ``PagingController`` and for the same
/// reason: it belongs to the app's one event loop, whatever its isolation, and the compiler
/// already stops it from crossing to another.
public final class GridListController {
    /// Selection moves, in the grid's geometry. Left/right step through photos in reading order
    /// (wrapping between rows, as a flowing grid does); up/down step a whole row; page up/down step
    /// ``GridLayout/fullyVisibleRowCount`` rows. Moves past either end stop at the first / last photo.
    public enum Move: Sendable, Hashable, CaseIterable {
        case left, right, up, down, pageUp, pageDown, home, end
    }

    public private(set) var layout: GridLayout
    /// The selected photo, in `0..<layout.photoCount` (0 when the grid is empty).
    public private(set) var selectedIndex: Int
    /// Rows scrolled from the top of the content, in `0...layout.maximumScrollOffset`.
    public private(set) var scrollOffset: Int

    /// A grid with `selectedIndex` (clamped) selected and centred.
    public init(layout: GridLayout, selectedIndex: Int = 0) {
        self.layout = layout
        self.selectedIndex = layout.clampedIndex(selectedIndex)
        scrollOffset = layout.scrollOffset(centering: self.selectedIndex)
    }

    /// The items to draw now.
    public var visibleItems: [GridLayout.Item] {
        layout.visibleItems(scrollOffset: scrollOffset)
    }

    /// Moves the selection and scrolls as little as needed to keep it whole on screen. Page moves
    /// scroll the grid by the rows they move, so the selection keeps its place on screen (as in a
    /// text editor) until the content ends.
    public func move(_ move: Move) {
        let count = layout.photoCount
        guard count > 0 else { return }
        let columns = layout.columnCount
        let pageStep = layout.fullyVisibleRowCount * columns
        let target: Int
        switch move {
        case .left: target = selectedIndex - 1
        case .right: target = selectedIndex + 1
        case .up: target = selectedIndex - columns
        case .down: target = selectedIndex + columns
        case .pageUp: target = selectedIndex - pageStep
        case .pageDown: target = selectedIndex + pageStep
        case .home: target = 0
        case .end: target = count - 1
        }
        let index = layout.clampedIndex(target)
        var offset = scrollOffset
        if move == .pageUp || move == .pageDown {
            offset += (index / columns - selectedIndex / columns) * layout.rowPitch
        }
        selectedIndex = index
        scrollOffset = layout.scrollOffset(keepingVisible: index, current: offset)
    }

    /// Selects photo `index` (clamped), e.g. after a mouse click, scrolling minimally to show it.
    public func select(_ index: Int) {
        selectedIndex = layout.clampedIndex(index)
        scrollOffset = layout.scrollOffset(keepingVisible: selectedIndex, current: scrollOffset)
    }

    /// Scrolls without moving the selection (the mouse wheel), clamped to the content.
    public func scroll(byRows rows: Int) {
        let (sum, overflow) = scrollOffset.addingReportingOverflow(rows)
        scrollOffset = layout.clampedScrollOffset(overflow ? (rows > 0 ? Int.max : 0) : sum,
                                                  viewportRows: layout.viewportRows)
    }

    /// Adopts a new layout. When only the photo count changed (pagination appended photos, same
    /// geometry) the grid stays where it is; a new geometry (a resize) makes old offsets
    /// meaningless, so the selection is centred again. The selection is clamped either way.
    public func update(layout newLayout: GridLayout) {
        let sameGeometry = newLayout.columnCount == layout.columnCount
            && newLayout.rowPitch == layout.rowPitch
            && newLayout.viewportRows == layout.viewportRows
        layout = newLayout
        selectedIndex = newLayout.clampedIndex(selectedIndex)
        scrollOffset = sameGeometry
            ? newLayout.scrollOffset(keepingVisible: selectedIndex, current: scrollOffset)
            : newLayout.scrollOffset(centering: selectedIndex)
    }

    /// The pager's start index for the selected photo (selection → pager). 0 for an empty grid,
    /// where ``PagingController/scrollToPhoto(at:)`` does nothing.
    public func openSelected() -> Int {
        selectedIndex
    }
}

extension GridListController: PagingControllerDelegate {
    /// Pager → grid: select the photo now shown and centre it (clamped to the content).
    public func pagingController(_ controller: PagingController, didShowPhotoAt index: Int) {
        selectedIndex = layout.clampedIndex(index)
        scrollOffset = layout.scrollOffset(centering: selectedIndex)
    }
}
