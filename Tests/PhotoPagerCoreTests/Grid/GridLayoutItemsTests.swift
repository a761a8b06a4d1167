import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("GridLayout: items, hit testing, scrolling")
struct GridLayoutItemsTests {
    /// 100×27 at 10×20 px: 4 columns of 23 at x = 1, 26, 51, 76; boxes 8 rows, caption 1, gap 1,
    /// so row r starts at 10r. 24 photos → 6 rows, 59 rows of content, maximum offset 32.
    static let layout = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 24)

    @Test("items and their exact rects", arguments: [
        (0, 0, gridRect(1, 0, 23, 8), gridRect(1, 8, 23, 1)),
        (3, 0, gridRect(76, 0, 23, 8), gridRect(76, 8, 23, 1)),
        (5, 0, gridRect(26, 10, 23, 8), gridRect(26, 18, 23, 1)),
        (0, 5, gridRect(1, -5, 23, 8), gridRect(1, 3, 23, 1)),
        (15, 5, gridRect(76, 25, 23, 8), gridRect(76, 33, 23, 1)),
        (23, 32, gridRect(76, 18, 23, 8), gridRect(76, 26, 23, 1)),
    ])
    func item(index: Int, offset: Int, box: Rect, caption: Rect) {
        #expect(Self.layout.item(at: index, scrollOffset: offset)
                == GridLayout.Item(index: index, box: box, caption: caption))
    }

    @Test("no item outside the photos")
    func noSuchItem() {
        #expect(Self.layout.item(at: -1) == nil)
        #expect(Self.layout.item(at: 24) == nil)
    }

    @Test("visible items are the rows overlapping the viewport", arguments: [
        (0, 0..<12),    // rows 0-2 (row 2 cut at the bottom)
        (5, 0..<16),    // row 0 cut at the top, row 3 just starts at 30 < 32
        (9, 4..<16),    // row 0 ends at 9: scrolled into its gap, so gone
        (8, 0..<16),    // row 0's caption is still on screen
        (32, 12..<24),  // the end
        (50, 20..<24),  // past the maximum offset 32: only the last row, at the top
        (59, 0..<0),    // wholly below the content
        (100, 0..<0),
        (-27, 0..<0),   // wholly above the content
        (-10, 0..<8),
    ])
    func visible(offset: Int, expected: Range<Int>) {
        let items = Self.layout.visibleItems(scrollOffset: offset)
        #expect(items.map(\.index) == Array(expected))
    }

    @Test("visible items carry the same rects as item(at:)")
    func visibleRects() {
        let items = Self.layout.visibleItems(scrollOffset: 5)
        #expect(items.first == Self.layout.item(at: 0, scrollOffset: 5))
        #expect(items.last?.box == gridRect(76, 25, 23, 8))
    }

    @Test("partial last row, 0 and 1 photos, tiny terminal")
    func edges() {
        let six = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 6)
        #expect(six.visibleItems(scrollOffset: 0).map(\.index) == [0, 1, 2, 3, 4, 5])
        let none = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 0)
        #expect(none.visibleItems(scrollOffset: 0).isEmpty)
        let one = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 1)
        #expect(one.visibleItems(scrollOffset: 0)
                == [.init(index: 0, box: gridRect(1, 0, 23, 8), caption: gridRect(1, 8, 23, 1))])
        // 10×5: one 10×3 box, caption, gap; pitch 5, so exactly one item per screen.
        let tiny = GridLayout(viewportColumns: 10, viewportRows: 5, photoCount: 3)
        #expect(tiny.visibleItems(scrollOffset: 5)
                == [.init(index: 1, box: gridRect(0, 0, 10, 3), caption: gridRect(0, 3, 10, 1))])
        #expect(tiny.visibleItems(scrollOffset: 2).map(\.index) == [0, 1])
    }

    @Test("hit testing: box or caption → photo; margins, gaps, outside → nil", arguments: [
        (0, 0, 0, nil), (1, 0, 0, 0), (23, 0, 0, 0), (24, 0, 0, nil), (25, 0, 0, nil),
        (26, 0, 0, 1), (98, 0, 0, 3), (99, 0, 0, nil), (1, 8, 0, 0), (1, 9, 0, nil),
        (1, 10, 0, 4), (1, 5, 5, 4), (51, 26, 32, 22), (100, 0, 0, nil), (0, 27, 0, nil),
        (-1, 0, 0, nil), (1, -1, 0, nil),
    ] as [(Int, Int, Int, Int?)])
    func hitTest(column: Int, row: Int, offset: Int, expected: Int?) {
        #expect(Self.layout.index(atColumn: column, row: row, scrollOffset: offset) == expected)
    }

    @Test("hit testing past the last photo of a short row")
    func hitTestShortRow() {
        let six = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 6)
        #expect(six.index(atColumn: 26, row: 10, scrollOffset: 0) == 5)
        #expect(six.index(atColumn: 51, row: 10, scrollOffset: 0) == nil)
    }

    @Test("centring: the item's middle at the viewport's middle, clamped to the content", arguments: [
        (0, 0), (3, 0), (4, 1), (10, 11), (13, 21), (17, 31), (20, 32), (23, 32), (99, 32), (-5, 0),
    ])
    func centring(index: Int, offset: Int) {
        #expect(Self.layout.scrollOffset(centering: index) == offset)
        #expect(Self.layout.scrollOffset(centering: index, viewportRows: 27) == offset)
        // Centred means equal space above and below (9 rows each) wherever not clamped.
        if offset == 11 {
            let box = Self.layout.item(at: index, scrollOffset: offset)!
            #expect(box.box.y == 9 && 27 - box.caption.maxY == 9)
        }
    }

    @Test("centring in another viewport height, and with nothing to scroll")
    func centringOtherViewports() {
        // Row 2 (top 20, 9 tall) in 11 rows: 20 - (11-9)/2 = 19.
        #expect(Self.layout.scrollOffset(centering: 8, viewportRows: 11) == 19)
        // An item taller than the viewport shows its top.
        #expect(Self.layout.scrollOffset(centering: 8, viewportRows: 4) == 20)
        #expect(Self.layout.maximumScrollOffset(viewportRows: 4) == 55)
        let few = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 8)
        #expect(few.scrollOffset(centering: 7) == 0)  // 19 rows of content fit: never scrolls
        #expect(GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 0)
                .scrollOffset(centering: 3) == 0)
    }

    @Test("keeping visible scrolls as little as possible", arguments: [
        (0, 0, 0), (8, 0, 2), (9, 10, 10), (11, 10, 10), (13, 10, 12), (23, 0, 32),
        (0, 32, 0), (13, 32, 30), (12, -7, 12), (23, 100, 32), (4, 100, 10),
    ])
    func keepingVisible(index: Int, current: Int, expected: Int) {
        #expect(Self.layout.scrollOffset(keepingVisible: index, current: current) == expected)
    }
}
