import Testing
@testable import PhotoPagerCore

@Suite("Grid zoom: + and - and the automatic size")
struct GridZoomTests {
    static func auto(_ count: Int, columns: Int = 100, rows: Int = 28) -> GridLayout {
        GridZoom.layout(chosen: nil, viewportColumns: columns, viewportRows: rows, cellPixelSize: .typicalCell, photoCount: count)
    }

    @Test("few photos get larger tiles that still show them all; many get the default")
    func automatic() {
        let six = Self.auto(6)
        #expect(six.minimumThumbnailWidth > GridLayout.defaultMinimumThumbnailWidth)
        #expect(six.contentRows <= 28, "all six on one screen")
        #expect(six.columnCount < Self.auto(300).columnCount)
        #expect(Self.auto(300).minimumThumbnailWidth == GridLayout.defaultMinimumThumbnailWidth)
        let one = Self.auto(1)
        #expect(one.columnCount == 1 && one.contentRows <= 28)
    }

    @Test("+ grows the tiles to one column, - shrinks them to the smallest; each step changes the grid")
    func steps() {
        var session = AppFixtures.session(count: 40)
        var columns = [session.state.grid.layout.columnCount]
        for _ in 0 ..< 12 {
            let effects = session.type("+")
            #expect(effects.contains(.remember(session.state.session.remembered)))
            columns.append(session.state.grid.layout.columnCount)
        }
        #expect(columns.last == 1)
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $0 >= $1 })
        let distinct = Array(Set(columns)).sorted(by: >)
        #expect(distinct.count >= 3, "\(columns)")
        for _ in 0 ..< 12 { session.type("-") }
        #expect(session.state.session.remembered.gridTileWidth == GridZoom.widths.first)
        #expect(session.state.grid.layout.columnCount > columns[0])
        session.type("=")
        #expect(session.state.session.remembered.gridTileWidth == GridZoom.widths[1], "= is + without shift")
    }

    @Test("a remembered width is used from the start, and the selection stays in view")
    func remembered() {
        let screen = AppState.Screen(columns: 100, rows: 30)
        var state = AppState(photos: AppFixtures.photos(30), sourceName: "S", screen: screen,
                             remembered: Remembered(gridTileWidth: 40))
        _ = update(&state, .resize(screen))
        #expect(state.grid.layout.minimumThumbnailWidth == 40 && state.grid.layout.columnCount == 2)
        var session = AppFixtures.session(count: 30)
        session.keys(.end)
        session.type("+")
        let selected = session.state.grid.selectedIndex
        #expect(selected == 29)
        #expect(session.state.visibleGridTiles.contains { $0.index == selected })
    }
}
