
/// Told by a ``PagingController`` when a different photo becomes the current one.
///
/// Class-bound so that the controller can hold it `weak`: the delegate (typically the grid's
/// ``GridListController``) and the pager are owned side by side by the app, and a strong reference
/// here would keep a dismissed grid alive or form a cycle if the grid ever held its pager.
public protocol PagingControllerDelegate: AnyObject {
    /// `index` is now the pager's ``PagingController/currentIndex``. Called once per real change:
    /// never for offset changes within the same page, resizes, or scrolls to the photo already shown.
    func pagingController(_ controller: PagingController, didShowPhotoAt index: Int)
}
