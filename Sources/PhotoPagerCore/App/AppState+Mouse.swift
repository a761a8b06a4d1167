import PhotoPagerBase

/// Mouse input: clicks, drags and the wheel. Presses act, except on the pager's photo, where
/// the release decides (a drag pans; no motion: a click). Only the left button: the others
/// are the terminal's (paste, context menu).
extension AppState {
    /// Rows the grid scrolls per wheel notch: enough to feel like scrolling, few enough to follow.
    static let wheelRows = 3

    mutating func handle(_ mouse: MouseEvent) -> [Effect] {
        if chrome.keyMap.isShown {
            if case .press = mouse.action { chrome.keyMap.close() }
            return []
        }
        // Like a key, a click or the wheel pauses the slideshow and still does its job.
        switch mouse.action {
        case .press, .wheelUp, .wheelDown, .wheelLeft, .wheelRight: pager.slideshow.pause()
        case .release, .drag, .move: break
        }
        switch mouse.action {
        case .wheelUp, .wheelDown:
            let direction = mouse.action == .wheelUp ? -1 : 1
            switch mode {
            case .grid: withControllers { grid, _ in grid.scroll(byRows: direction * Self.wheelRows) }
            // Up zooms in at the pointer, down out, stopping at fit: never a page turn.
            case .pager: wheelZoom(by: -direction, column: mouse.column, row: mouse.row)
            }
        case .wheelLeft, .wheelRight:
            let direction = mouse.action == .wheelLeft ? -1 : 1
            switch mode {
            case .grid: withControllers { grid, _ in grid.scroll(byRows: direction * Self.wheelRows) }
            case .pager: page(by: direction)          // a sideways swipe turns the page
            }
        case .press(.left):
            chrome.notice = nil
            if mode == .pager, pager.isFullscreen || layout.pagerPhotoArea.contains(column: mouse.column, row: mouse.row) {
                pager.pressed(column: mouse.column, row: mouse.row)
                return []
            }
            return click(column: mouse.column, row: mouse.row)
        case .drag(.left):
            if let moved = pager.dragged(to: mouse.column, row: mouse.row, zoomed: activeZoom != nil) {
                drag(columns: moved.columns, rows: moved.rows)
            }
        case .release:
            // Any button's release: the legacy encoding does not say which.
            pager.released()
        default:
            break
        }
        return []
    }

    private mutating func click(column: Int, row: Int) -> [Effect] {
        let areas = layout
        if mode == .pager {
            if areas.closeButton?.contains(column: column, row: row) == true {
                returnToGrid()
            } else if areas.shareButton?.contains(column: column, row: row) == true {
                return share()
            } else if areas.filmstrip?.contains(column: column, row: row) == true {
                // A thumbnail of the strip: page there.
                if let slot = filmstripSlots.first(where: { $0.index != nil && $0.box.contains(column: column, row: row) }) {
                    page(by: slot.offset)
                }
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
