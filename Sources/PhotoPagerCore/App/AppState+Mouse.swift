/// Mouse input: clicks and the wheel. Only presses act (a release would double every click), and
/// only the left button: the others are the terminal's (paste, context menu).
extension AppState {
    /// Rows the grid scrolls per wheel notch: enough to feel like scrolling, few enough to follow.
    static let wheelRows = 3

    mutating func handle(_ mouse: MouseEvent) -> [Effect] {
        if showsKeyMap {
            if case .press = mouse.action { showsKeyMap = false }
            return []
        }
        // Like a key, a click or the wheel pauses the slideshow and still does its job.
        switch mouse.action {
        case .press, .wheelUp, .wheelDown, .wheelLeft, .wheelRight: pauseSlideshow()
        case .release, .drag, .move: break
        }
        switch mouse.action {
        case .wheelUp, .wheelLeft:
            wheel(-1)
        case .wheelDown, .wheelRight:
            wheel(1)
        case .press(.left):
            notice = nil
            return click(column: mouse.column, row: mouse.row)
        default:
            break
        }
        return []
    }

    /// The wheel scrolls the grid by rows (the selection stays) and turns the pager's pages.
    private mutating func wheel(_ direction: Int) {
        switch mode {
        case .grid: withControllers { grid, _ in grid.scroll(byRows: direction * Self.wheelRows) }
        case .pager: page(by: direction)
        }
    }

    private mutating func click(column: Int, row: Int) -> [Effect] {
        let areas = layout
        if mode == .pager {
            if isFullscreen {
                isFullscreen = false
            } else if areas.closeButton?.contains(column: column, row: row) == true {
                returnToGrid()
            } else if areas.shareButton?.contains(column: column, row: row) == true {
                return share()
            } else if areas.filmstrip?.contains(column: column, row: row) == true {
                // A thumbnail of the strip: page there.
                if let slot = filmstripSlots.first(where: { $0.index != nil && $0.box.contains(column: column, row: row) }) {
                    page(by: slot.offset)
                }
            } else if areas.pagerPhotoArea.contains(column: column, row: row) {
                isFullscreen = true
            }
            return []
        }
        let area = areas.gridArea
        guard area.contains(column: column, row: row),
              let index = grid.layout.index(atColumn: column - area.x, row: row - area.y,
                                            scrollOffset: grid.scrollOffset)
        else { return [] }
        // First click selects, a click on the selection opens it (a double click does both).
        if index == grid.selectedIndex {
            openPager(fullscreen: false)
        } else {
            withControllers { grid, _ in grid.select(index) }
        }
        return []
    }
}
