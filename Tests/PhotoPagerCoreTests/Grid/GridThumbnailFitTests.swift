import Testing
@testable import PhotoPagerCore
@testable import PhotoPagerBase

@Suite("GridLayout: thumbnail fit")
struct GridThumbnailFitTests {
    /// The 100×27 grid's box: 23×8 cells = 230×160 px at 10×20 (ratio 1.4375).
    static let box = gridRect(1, 0, 23, 8)
    static let cell = PixelSize.typicalCell

    @Test("aspect-fit, centred, in cells and pixels", arguments: [
        (1.5, gridRect(1, 0, 23, 8), 230, 153),     // width-bound: 230/1.5 = 153.3
        (1.4375, gridRect(1, 0, 23, 8), 230, 160),  // exactly the box
        (1.0, gridRect(4, 0, 16, 8), 160, 160),     // height-bound; 7 spare columns → 3 left
        (2.0 / 3.0, gridRect(7, 0, 11, 8), 107, 160), // 106.7 px → 11 cells, 12 spare → 6 left
        (4.0, gridRect(1, 2, 23, 3), 230, 58),      // panorama: 57.5 → 58 px = 3 rows, 2 above
        (1000.0, gridRect(1, 3, 23, 1), 230, 1),    // never thinner than 1 px
        (0.0001, gridRect(12, 0, 1, 8), 1, 160),
        (0.0, gridRect(4, 0, 16, 8), 160, 160),     // invalid ratios are square
        (-2.0, gridRect(4, 0, 16, 8), 160, 160),
        (Double.nan, gridRect(4, 0, 16, 8), 160, 160),
        (Double.infinity, gridRect(4, 0, 16, 8), 160, 160),
    ])
    func fit(ratio: Double, expected: Rect, width: Int, height: Int) {
        let fit = GridLayout.thumbnailFit(aspectRatio: ratio, box: Self.box, cellPixelSize: Self.cell)
        #expect(fit.rect == expected)
        #expect(fit.pixelSize == .init(width: width, height: height))
        #expect(fit.rect.intersection(Self.box) == fit.rect)  // inside the box
    }

    /// Konsole draws a sixel's last band of 6 px whole, its unpainted pixels black: 160 px (the
    /// box's 8 rows of 20) would be drawn 162, into the row below, and 153 px with a black bar of
    /// 3: both are taken down to whole bands.
    @Test("in whole steps of height, an image never reaches the row below its cells")
    func heightSteps() {
        let exact = GridLayout.thumbnailFit(aspectRatio: 1.4375, box: Self.box, cellPixelSize: Self.cell, heightStep: 6)
        #expect(exact.pixelSize == .init(width: 224, height: 156))
        #expect(exact.rect.height == 8)
        let inside = GridLayout.thumbnailFit(aspectRatio: 1.5, box: Self.box, cellPixelSize: Self.cell, heightStep: 6)
        #expect(inside.pixelSize == .init(width: 225, height: 150))
        for ratio in stride(from: 0.3, through: 4.0, by: 0.05) {
            for cellHeight in [16, 17, 18, 19, 20, 21, 23] {
                let cell = PixelSize(width: 9, height: cellHeight)
                let fit = GridLayout.thumbnailFit(aspectRatio: ratio, box: Self.box, cellPixelSize: cell, heightStep: 6)
                #expect(fit.pixelSize.height % 6 == 0 && fit.pixelSize.height <= fit.rect.height * cellHeight,
                        "ratio \(ratio), cell height \(cellHeight): \(fit)")
            }
        }
    }

    @Test("tiny and empty boxes, unknown cell size")
    func edges() {
        // 1×1 cell = 10×20 px: a 3:2 photo is 10×7 px.
        #expect(GridLayout.thumbnailFit(aspectRatio: 1.5, box: gridRect(0, 0, 1, 1), cellPixelSize: Self.cell)
                == .init(rect: gridRect(0, 0, 1, 1), pixelSize: .init(width: 10, height: 7)))
        #expect(GridLayout.thumbnailFit(aspectRatio: 1.5, box: gridRect(5, 6, 0, 4), cellPixelSize: Self.cell)
                == .init(rect: gridRect(5, 6, 0, 0), pixelSize: .init(width: 0, height: 0)))
        #expect(GridLayout.thumbnailFit(aspectRatio: 1.5, box: gridRect(5, 6, 3, -1), cellPixelSize: Self.cell)
                == .init(rect: gridRect(5, 6, 0, 0), pixelSize: .init(width: 0, height: 0)))
        #expect(GridLayout.thumbnailFit(aspectRatio: 1.0, box: Self.box, cellPixelSize: .init(width: 0, height: 0))
                == .init(rect: gridRect(4, 0, 16, 8), pixelSize: .init(width: 160, height: 160)))
    }

    @Test("a pager-sized area: 100×28 at 8×16 px holds a 3:2 photo 672×448")
    func pagerArea() {
        // 800×448 px; 448 × 1.5 = 672 px = 84 columns, 16 spare → 8 on the left.
        let fit = GridLayout.thumbnailFit(aspectRatio: 1.5, box: gridRect(0, 1, 100, 28),
                                          cellPixelSize: .init(width: 8, height: 16))
        #expect(fit == .init(rect: gridRect(8, 1, 84, 28), pixelSize: .init(width: 672, height: 448)))
    }

    @Test("the layout's own cell size and a Photo's aspect ratio")
    func layoutConvenience() {
        let layout = GridLayout(viewportColumns: 100, viewportRows: 27, photoCount: 1)
        let box = layout.item(at: 0)!.box
        let portrait = Photo(id: "p", width: 2000, height: 3000, urls: .init(raw: "file:///p.jpg"),
                             user: .init(name: "n"))
        #expect(layout.thumbnailFit(for: portrait, in: box).rect == gridRect(7, 0, 11, 8))
        let unknown = Photo(id: "u", width: 0, height: 0, urls: .init(raw: "file:///u.jpg"),
                            user: .init(name: "n"))
        #expect(layout.thumbnailFit(for: unknown, in: box).rect == gridRect(4, 0, 16, 8))
        #expect(layout.thumbnailFit(aspectRatio: 1.5, box: box).pixelSize == .init(width: 230, height: 153))
    }
}
