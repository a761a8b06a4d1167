import Culling
import Dispatch
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore

/// The ratings the keys change, kept off the input thread and in the order given (a 3 then a
/// 4 in quick succession ends at 4): a photo's files in their XMP sidecars, a read-only
/// folder's in photopager's own store (said once a folder), a library's photo in its library.
/// A change that cannot be kept is put back on screen with the reason.
final class RatingWrites: Sendable {
    private let queue = DispatchQueue(label: "photopager.ratings")
    private let store: RatingStore
    private let source: @Sendable () -> (any PhotoSource)?
    private let post: @Sendable ([AppEvent]) -> Void
    /// Folders whose ratings went to the store, told once each.
    private let toldFolders = Locked<Set<String>>([])
    private let running = Locked(0)

    init(store: RatingStore, source: @escaping @Sendable () -> (any PhotoSource)?, post: @escaping @Sendable ([AppEvent]) -> Void) {
        self.store = store
        self.source = source
        self.post = post
    }

    /// Whether writes are under way.
    var isBusy: Bool { running.withLock { $0 > 0 } }

    func write(_ changes: [RatingChange]) {
        running.withLock { $0 += 1 }
        queue.async { [self] in
            let events = changes.compactMap(keep)
            running.withLock { $0 -= 1 }
            post(events)
        }
    }

    /// Keeps one change; the event to send when it could not be kept (or is worth a word).
    private func keep(_ change: RatingChange) -> AppEvent? {
        let files = change.photo.localFiles
        guard !files.isEmpty else {
            do {
                guard let source = source() else { throw PhotoSourceRefusal("this photo has no library") }
                try source.setRating(change.rating == 0 ? nil : change.rating, photoID: change.photo.id)
                return nil
            } catch {
                return .ratingRefused(photoID: change.photo.id, previous: change.previous, reason: "\(error)")
            }
        }
        do {
            _ = try SidecarEdit.rating(change.rating).apply(files: files, sidecars: change.photo.fileDetails?.sidecars ?? [],
                                                             isRaw: Self.isRaw)
            return nil
        } catch where error.isReadOnlyFolder {
            do {
                try store.update(files) { $0.rating = change.rating }
            } catch {
                return .ratingRefused(photoID: change.photo.id, previous: change.previous, reason: error.description)
            }
            let folder = String(files[0][..<(files[0].lastIndex(of: "/") ?? files[0].startIndex)])
            guard toldFolders.withLock({ $0.insert(folder).inserted }) else { return nil }
            return .shellMessage("\(folder) cannot be written: its ratings are kept in \(store.path ?? "photopager's data")")
        } catch {
            return .ratingRefused(photoID: change.photo.id, previous: change.previous, reason: error.description)
        }
    }

    static func isRaw(_ path: String) -> Bool { ImageFormat.rawExtensions.contains(LocalPhoto.fileExtension(of: path)) }
}
