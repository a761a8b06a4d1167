import Testing
@testable import PhotoPagerCore

@Suite("GridListController")
struct GridListControllerTests {
    /// 100×27: 4 columns, rows every 10 rows, item 9 rows tall; 24 photos → maximum offset 32.
    static func layout(photos: Int = 24, columns: Int = 100, rows: Int = 27) -> GridLayout {
        GridLayout(viewportColumns: columns, viewportRows: rows, photoCount: photos)
    }

    @Test("starts with the clamped selection centred", arguments: [
        (0, 0, 0), (10, 10, 11), (99, 23, 32), (-1, 0, 0),
    ])
    func start(requested: Int, selected: Int, offset: Int) {
        let grid = GridListController(layout: Self.layout(), selectedIndex: requested)
        #expect(grid.selectedIndex == selected)
        #expect(grid.scrollOffset == offset)
    }

    /// (move, selection after, scroll offset after), applied in sequence from photo 0 at offset 0.
    @Test("arrows, home and end move by grid geometry, clamp, and scroll minimally")
    func arrows() {
        let grid = GridListController(layout: Self.layout())
        let steps: [(GridListController.Move, Int, Int)] = [
            (.right, 1, 0), (.left, 0, 0), (.left, 0, 0), (.up, 0, 0),
            (.down, 4, 0), (.down, 8, 2), (.down, 12, 12), (.right, 13, 12), (.up, 9, 12),
            (.up, 5, 10), (.end, 23, 32), (.right, 23, 32), (.down, 23, 32), (.left, 22, 32),
            (.home, 0, 0), (.up, 0, 0),
        ]
        for (move, selected, offset) in steps {
            grid.move(move)
            #expect((grid.selectedIndex, grid.scrollOffset) == (selected, offset), "after \(move)")
        }
    }

    @Test("down into a short last row stops at the last photo; up from the first row at photo 0")
    func shortLastRow() {
        let grid = GridListController(layout: Self.layout(photos: 22), selectedIndex: 19)
        grid.move(.down)
        #expect(grid.selectedIndex == 21)
        grid.move(.down)
        #expect(grid.selectedIndex == 21)
        grid.select(2)
        grid.move(.up)
        #expect(grid.selectedIndex == 0)
    }

    @Test("page down/up move by the rows on screen and scroll with the selection")
    func paging() {
        let grid = GridListController(layout: Self.layout())
        // 2 whole rows fit, so a page is 8 photos; the selection stays at the top of the screen
        // until the content ends.
        let steps: [(GridListController.Move, Int, Int)] = [
            (.pageDown, 8, 20), (.pageDown, 16, 32), (.pageDown, 23, 32),
            (.pageUp, 15, 12), (.pageUp, 7, 0), (.pageUp, 0, 0),
        ]
        for (move, selected, offset) in steps {
            grid.move(move)
            #expect((grid.selectedIndex, grid.scrollOffset) == (selected, offset), "after \(move)")
        }
    }

    @Test("an empty grid ignores moves and opens at 0")
    func empty() {
        let grid = GridListController(layout: Self.layout(photos: 0), selectedIndex: 5)
        for move in GridListController.Move.allCases { grid.move(move) }
        #expect((grid.selectedIndex, grid.scrollOffset) == (0, 0))
        #expect(grid.visibleItems.isEmpty)
        #expect(grid.openSelected() == 0)
    }

    @Test("select (a click) and the wheel")
    func selectAndScroll() {
        let grid = GridListController(layout: Self.layout())
        grid.select(13)
        #expect((grid.selectedIndex, grid.scrollOffset) == (13, 12))
        #expect(grid.visibleItems.map(\.index) == Array(4..<16))  // row 0 (rows 0-8) scrolled off
        grid.select(-4)
        #expect((grid.selectedIndex, grid.scrollOffset) == (0, 0))
        grid.scroll(byRows: 5)
        #expect((grid.selectedIndex, grid.scrollOffset) == (0, 5))  // the wheel leaves the selection
        grid.scroll(byRows: 100)
        #expect(grid.scrollOffset == 32)
        grid.scroll(byRows: -1000)
        #expect(grid.scrollOffset == 0)
        grid.scroll(byRows: .max)
        #expect(grid.scrollOffset == 32)
        grid.scroll(byRows: .min)
        #expect(grid.scrollOffset == 0)
    }

    @Test("appending photos keeps the view; a resize re-centres; shrinking clamps the selection")
    func updateLayout() {
        let grid = GridListController(layout: Self.layout())
        grid.select(13)  // offset 12
        grid.update(layout: Self.layout(photos: 48))
        #expect((grid.selectedIndex, grid.scrollOffset) == (13, 12))
        // 80×22: 3 columns, photo 13 in row 4 (top 40): 40 - (22-9)/2 = 34.
        grid.update(layout: Self.layout(photos: 48, columns: 80, rows: 22))
        #expect((grid.selectedIndex, grid.scrollOffset) == (13, 34))
        grid.update(layout: Self.layout(photos: 5, columns: 80, rows: 22))
        #expect((grid.selectedIndex, grid.scrollOffset) == (4, 0))
    }

    @Test("grid → pager: the selection becomes the pager's start index")
    func gridToPager() {
        let grid = GridListController(layout: Self.layout())
        grid.move(.down)
        grid.move(.down)
        grid.move(.right)
        #expect(grid.openSelected() == 9)

        let pager = PagingController(photoCount: 24, pageWidth: 100)
        let recorder = RecordingPagingDelegate(forwardingTo: grid)
        pager.delegate = recorder
        pager.scrollToPhoto(at: grid.openSelected())
        #expect(pager.currentIndex == 9)
        #expect(pager.contentOffset == 900)
        #expect(recorder.indices == [9])
        #expect((grid.selectedIndex, grid.scrollOffset) == (9, 11))  // and centred behind the pager
    }

    @Test("pager → grid: each new photo moves the selection and re-centres, once per change")
    func pagerToGrid() {
        let grid = GridListController(layout: Self.layout())
        let pager = PagingController(photoCount: 24, pageWidth: 100)
        let recorder = RecordingPagingDelegate(forwardingTo: grid)
        pager.delegate = recorder

        pager.scrollToPhoto(at: 10)
        #expect((grid.selectedIndex, grid.scrollOffset) == (10, 11))
        pager.page(by: 1)
        #expect((grid.selectedIndex, grid.scrollOffset) == (11, 11))
        pager.page(by: 2)
        #expect((grid.selectedIndex, grid.scrollOffset) == (13, 21))
        pager.scroll(by: 40)  // under half a page: still 13, no call
        pager.scroll(by: 20)  // 13.6 pages: 14
        #expect((grid.selectedIndex, grid.scrollOffset) == (14, 21))
        pager.snap()
        pager.resize(pageWidth: 80)
        pager.scrollToPhoto(at: 14)
        pager.page(by: 100)
        #expect((grid.selectedIndex, grid.scrollOffset) == (23, 32))
        #expect(recorder.indices == [10, 11, 13, 14, 23])
        // Back in the grid, opening again starts where the pager was.
        #expect(grid.openSelected() == pager.currentIndex)
    }

    @Test("the grid works directly as the pager's delegate, held weakly")
    func gridAsDelegate() {
        let pager = PagingController(photoCount: 24, pageWidth: 100)
        weak var released: GridListController?
        do {
            let grid = GridListController(layout: Self.layout())
            pager.delegate = grid
            released = grid
            pager.scrollToPhoto(at: 17)
            #expect((grid.selectedIndex, grid.scrollOffset) == (17, 31))
        }
        #expect(released == nil)
        #expect(pager.delegate == nil)
    }

    @Test("the delegate call clamps an index beyond the grid's photos")
    func clampsDelegateIndex() {
        let grid = GridListController(layout: Self.layout(photos: 6))
        let pager = PagingController(photoCount: 30, pageWidth: 100)
        grid.pagingController(pager, didShowPhotoAt: 29)  // the pager heard of more photos first
        #expect((grid.selectedIndex, grid.scrollOffset) == (5, 0))
    }
}
