@testable import PhotoPagerCore

/// A fake delegate that records every notification (SwiftTerm-style), optionally passing each on to
/// a real delegate so a test can count calls and check their effect at once.
final class RecordingPagingDelegate: PagingControllerDelegate {
    struct Call: Equatable {
        var controller: ObjectIdentifier
        var index: Int
    }

    private(set) var calls: [Call] = []
    /// Strong on purpose: the recorder is the pager's (weak) delegate and keeps the real one alive.
    let next: (any PagingControllerDelegate)?

    init(forwardingTo next: (any PagingControllerDelegate)? = nil) {
        self.next = next
    }

    /// Just the indices, in order.
    var indices: [Int] { calls.map(\.index) }

    func pagingController(_ controller: PagingController, didShowPhotoAt index: Int) {
        calls.append(Call(controller: ObjectIdentifier(controller), index: index))
        next?.pagingController(controller, didShowPhotoAt: index)
    }
}
