
/// The pager's state as a value: what a ``PagingController`` holds, copied out of it.
public struct PagerPosition: Sendable, Hashable {
    public var contentOffset: Double
    public var pageWidth: Int
    public var photoCount: Int

    init(_ controller: PagingController) {
        contentOffset = controller.contentOffset
        pageWidth = controller.pageWidth
        photoCount = controller.photoCount
    }

    /// The photo shown, by the controller's own rounding rule.
    public var currentIndex: Int {
        PagingController.index(offset: contentOffset, pageWidth: pageWidth, count: photoCount)
    }

    /// A live controller in exactly this state, with no delegate yet (so restoring the offset
    /// tells nobody anything).
    func makeController() -> PagingController {
        let controller = PagingController(photoCount: photoCount, pageWidth: pageWidth)
        controller.scroll(by: contentOffset)
        return controller
    }
}
