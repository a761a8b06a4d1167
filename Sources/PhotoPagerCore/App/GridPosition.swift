
/// The grid's state as a value: what a ``GridListController`` holds, copied out of it.
///
/// Keeping the layout it was computed for (not just the selection) lets `update` rebuild the exact
/// controller and then tell it about a new layout, so the controller's own rules (keep the grid
/// still when only the photo count changed, re-centre after a resize) decide what happens.
public struct GridPosition: Sendable, Hashable {
    public var layout: GridLayout
    public var selectedIndex: Int
    public var scrollOffset: Int

    init(_ controller: GridListController) {
        layout = controller.layout
        selectedIndex = controller.selectedIndex
        scrollOffset = controller.scrollOffset
    }

    /// A live controller in exactly this state (its delegate wiring is the caller's business).
    func makeController() -> GridListController {
        let controller = GridListController(layout: layout, selectedIndex: selectedIndex)
        // The initializer centres the selection; scrolling back is clamped to the same bounds the
        // stored offset was clamped to, so this restores it exactly.
        controller.scroll(byRows: scrollOffset - controller.scrollOffset)
        return controller
    }
}
