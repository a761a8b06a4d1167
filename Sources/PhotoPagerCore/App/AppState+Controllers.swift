
/// The bridge between the value state and the controller classes.
extension AppState {
    /// Runs `body` with live controllers rebuilt from ``grid`` and ``pager``, the grid wired as the
    /// pager's delegate (so paging moves and centres the grid's selection), and
    /// copies their state back afterwards. The controllers never outlive one call: no class
    /// reference ever lands in the state.
    @discardableResult
    mutating func withControllers<Result>(
        _ body: (_ grid: GridListController, _ pager: PagingController) -> Result
    ) -> Result {
        let gridController = grid.makeController()
        let pagerController = pager.position.makeController()
        pagerController.delegate = gridController
        let result = body(gridController, pagerController)
        grid = GridPosition(gridController)
        pager.position = PagerPosition(pagerController)
        return result
    }

    /// The grid layout the current screen, panel and photo count call for.
    var wantedGridLayout: GridLayout {
        let area = layout.gridArea
        return GridZoom.layout(chosen: session.remembered.gridTileWidth, viewportColumns: area.width, viewportRows: area.height,
                               cellPixelSize: screen.cellPixelSize, photoCount: photos.count)
    }

    /// Brings both controllers to the current geometry, through their own rules: the pager keeps
    /// its photo and recomputes the offset for the new page width; the grid keeps its selection
    /// (re-centred after a geometry change, untouched when only photos were appended). Run after
    /// every event, so every other step can assume the geometry is current.
    mutating func syncGeometry() {
        let gridLayout = wantedGridLayout
        let pageWidth = max(1, layout.pagerPhotoArea.width)
        let count = photos.count
        guard grid.layout != gridLayout || pager.position.pageWidth != pageWidth || pager.position.photoCount != count
        else { return }
        withControllers { grid, pager in
            if pager.photoCount != count { pager.setPhotoCount(count) }
            if pager.pageWidth != pageWidth { pager.resize(pageWidth: pageWidth) }
            if grid.layout != gridLayout { grid.update(layout: gridLayout) }
        }
    }
}
