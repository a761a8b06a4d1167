import Testing
@testable import PhotoPagerCore

@Suite("PagingController")
struct PagingControllerTests {
    /// 5 photos, 80 columns wide, with a recorder attached; the recorder is returned so it lives.
    static func pager(count: Int = 5, width: Int = 80, start: Int = 0)
        -> (PagingController, RecordingPagingDelegate) {
        let controller = PagingController(photoCount: count, pageWidth: width, startIndex: start)
        let recorder = RecordingPagingDelegate()
        controller.delegate = recorder
        return (controller, recorder)
    }

    @Test("starts snapped on the clamped start index", arguments: [
        (5, 80, 2, 2, 160.0), (5, 80, 9, 4, 320.0), (5, 80, -3, 0, 0.0),
        (0, 80, 3, 0, 0.0), (1, 80, 1, 0, 0.0),
    ])
    func start(count: Int, width: Int, start: Int, index: Int, offset: Double) {
        let controller = PagingController(photoCount: count, pageWidth: width, startIndex: start)
        #expect(controller.currentIndex == index)
        #expect(controller.contentOffset == offset)
        #expect(controller.isSnapped)
    }

    @Test("degenerate sizes are clamped")
    func degenerateSizes() {
        let controller = PagingController(photoCount: -2, pageWidth: 0)
        #expect(controller.photoCount == 0)
        #expect(controller.pageWidth == 1)
        #expect(controller.maximumOffset == 0)
        controller.scroll(by: 5)
        #expect(controller.contentOffset == 0)
    }

    @Test("index is the offset in pages rounded to nearest (halfway forward)", arguments: [
        (0.0, 0), (39.0, 0), (39.999, 0), (40.0, 1), (41.0, 1), (60.0, 1), (79.0, 1),
        (119.0, 1), (120.0, 2), (140.0, 2), (300.0, 4), (320.0, 4),
    ])
    func rounding(offset: Double, index: Int) {
        let (controller, _) = Self.pager()
        controller.scroll(by: offset)
        #expect(controller.contentOffset == offset)
        #expect(controller.currentIndex == index)
    }

    @Test("mid-scroll the index names the mostly visible page, which truncation gets wrong")
    func truncationIsWrong() {
        let (controller, recorder) = Self.pager()
        controller.scroll(by: 60)  // page 1 covers 75% of the screen
        #expect(controller.currentIndex == 1)
        #expect(Int(controller.contentOffset / Double(controller.pageWidth)) == 0)  // the seed's bug
        #expect(recorder.indices == [1])

        controller.scrollToPhoto(at: 2)
        controller.scroll(by: -20)  // offset 140: page 2 still covers 75%
        #expect(controller.currentIndex == 2)
        #expect(Int(controller.contentOffset / Double(controller.pageWidth)) == 1)
        #expect(recorder.indices == [1, 2])
    }

    @Test("scrolling is clamped to the strip and ignores non-finite deltas")
    func scrollClamps() {
        let (controller, recorder) = Self.pager()
        controller.scroll(by: -50)
        #expect(controller.contentOffset == 0)
        controller.scroll(by: 1000)
        #expect(controller.contentOffset == 320)
        #expect(controller.currentIndex == 4)
        controller.scroll(by: .nan)
        controller.scroll(by: -.infinity)
        #expect(controller.contentOffset == 320)
        #expect(recorder.indices == [4])
    }

    @Test("snap settles on the page the index names", arguments: [
        (30.0, 0.0, 0), (40.0, 80.0, 1), (60.0, 80.0, 1), (130.0, 160.0, 2), (319.5, 320.0, 4),
    ])
    func snap(offset: Double, snapped: Double, index: Int) {
        let (controller, recorder) = Self.pager()
        controller.scroll(by: offset)
        let before = recorder.indices
        controller.snap()
        #expect(controller.contentOffset == snapped)
        #expect(controller.currentIndex == index)
        #expect(controller.isSnapped)
        #expect(recorder.indices == before)  // snapping never changes the photo
    }

    @Test("continuous scrolling notifies once per page crossing, both ways")
    func notifiesPerCrossing() {
        let (controller, recorder) = Self.pager()
        for _ in 0..<16 { controller.scroll(by: 10) }  // 0 → 160
        #expect(recorder.indices == [1, 2])
        for _ in 0..<16 { controller.scroll(by: -10) }  // 160 → 0
        #expect(recorder.indices == [1, 2, 1, 0])
        #expect(recorder.calls.allSatisfy { $0.controller == ObjectIdentifier(controller) })
    }

    @Test("page(by:) moves whole pages from the current index, clamped and snapped")
    func paging() {
        let (controller, recorder) = Self.pager()
        controller.page(by: 1)
        #expect(controller.contentOffset == 80)
        controller.scroll(by: 20)  // offset 100: still photo 1
        controller.page(by: 1)
        #expect(controller.contentOffset == 160)
        controller.page(by: -1)
        #expect(controller.contentOffset == 80)
        controller.page(by: 10)
        #expect(controller.contentOffset == 320)
        controller.page(by: 1)  // already last: nothing changes, nothing reported
        controller.page(by: .max)
        #expect(controller.contentOffset == 320)
        controller.page(by: .min)
        #expect(controller.contentOffset == 0)
        controller.page(by: -1)
        #expect(controller.currentIndex == 0)
        #expect(recorder.indices == [1, 2, 1, 4, 0])
    }

    @Test("scrollToPhoto clamps, and reports only a different photo")
    func scrollToPhoto() {
        let (controller, recorder) = Self.pager(start: 3)
        controller.scrollToPhoto(at: 3)
        #expect(recorder.indices == [])
        controller.scrollToPhoto(at: 1)
        #expect(controller.contentOffset == 80)
        controller.scrollToPhoto(at: 99)
        #expect(controller.contentOffset == 320)
        controller.scrollToPhoto(at: -1)
        #expect(controller.contentOffset == 0)
        controller.scroll(by: 30)  // part-way, still photo 0
        controller.scrollToPhoto(at: 0)
        #expect(controller.contentOffset == 0)
        #expect(recorder.indices == [1, 4, 0])
    }

    @Test("resize keeps the photo and recomputes the offset (the rotation bug)", arguments: [
        (80, 120, 3, 360.0), (80, 40, 3, 120.0), (80, 80, 4, 320.0), (80, 0, 2, 2.0), (80, 1, 4, 4.0),
    ])
    func resize(from width: Int, to newWidth: Int, index: Int, offset: Double) {
        let (controller, recorder) = Self.pager(width: width, start: index)
        controller.resize(pageWidth: newWidth)
        #expect(controller.pageWidth == max(1, newWidth))
        #expect(controller.currentIndex == index)
        #expect(controller.contentOffset == offset)
        #expect(recorder.indices == [])
    }

    @Test("keeping the offset in columns across a resize would show another photo")
    func rotationBugRegression() {
        let (controller, _) = Self.pager(start: 3)
        controller.resize(pageWidth: 120)
        // The seed kept 240 columns, which at 120 per page is photo 2.
        #expect(controller.contentOffset != 240)
        #expect(controller.currentIndex == 3)
    }

    @Test("a resize mid-scroll snaps to the photo shown")
    func resizeMidScroll() {
        let (controller, recorder) = Self.pager()
        controller.scroll(by: 100)  // 1.25 pages: photo 1
        controller.resize(pageWidth: 50)
        #expect(controller.contentOffset == 50)
        #expect(controller.currentIndex == 1)
        #expect(recorder.indices == [1])
    }

    @Test("appending photos keeps the photo and the part-way offset")
    func appendKeepsPhoto() {
        let (controller, recorder) = Self.pager()
        controller.scroll(by: 300)  // 3.75 pages: photo 4, the last
        controller.setPhotoCount(10)
        #expect(controller.photoCount == 10)
        #expect(controller.contentOffset == 300)
        #expect(controller.currentIndex == 4)
        controller.page(by: 1)
        #expect(controller.currentIndex == 5)  // the new photos are reachable
        #expect(recorder.indices == [4, 5])
    }

    @Test("removing photos past the current one clamps to the new last photo")
    func shrinkClamps() {
        let (controller, recorder) = Self.pager(start: 4)
        controller.setPhotoCount(3)
        #expect(controller.contentOffset == 160)
        #expect(controller.currentIndex == 2)
        controller.setPhotoCount(0)  // nothing is shown, so nothing is reported
        #expect(controller.contentOffset == 0)
        #expect(controller.currentIndex == 0)
        controller.setPhotoCount(4)  // photo 0 again: no change from the baseline
        #expect(controller.currentIndex == 0)
        controller.setPhotoCount(-1)
        #expect(controller.photoCount == 0)
        #expect(recorder.indices == [2])
    }

    @Test("the delegate is held weakly")
    func weakDelegate() {
        let controller = PagingController(photoCount: 5, pageWidth: 80)
        weak var released: RecordingPagingDelegate?
        do {
            let recorder = RecordingPagingDelegate()
            controller.delegate = recorder
            released = recorder
            controller.page(by: 1)
            #expect(recorder.indices == [1])
        }
        #expect(released == nil)
        #expect(controller.delegate == nil)
        controller.page(by: 1)  // no delegate: still pages
        #expect(controller.currentIndex == 2)
    }
}
