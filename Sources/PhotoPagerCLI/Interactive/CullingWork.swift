import Culling
import Dispatch
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import PhotoPagerCore

/// What culling changes, done off the input thread and in the order given (a 3 then a 4 in
/// quick succession ends at 4; a trash then its undo): ratings in a photo's XMP sidecars, a
/// read-only folder's in photopager's own store (said once a folder), a library's photo in its
/// library; photos to the trash and back. What cannot be done is put back on screen with the
/// reason.
final class CullingWork: Sendable {
    private let queue = DispatchQueue(label: "photopager.culling")
    private let store: RatingStore
    private let trash: PhotoTrash
    /// Where each trashed photo's files went, to bring them back.
    private let receipts = Locked<[String: [FreedesktopTrash.Entry]]>([:])
    private let source: @Sendable () -> (any PhotoSource)?
    private let post: @Sendable ([AppEvent]) -> Void
    /// Folders whose ratings went to the store, told once each.
    private let toldFolders = Locked<Set<String>>([])
    private let running = Locked(0)

    init(store: RatingStore, trash: PhotoTrash, source: @escaping @Sendable () -> (any PhotoSource)?,
         post: @escaping @Sendable ([AppEvent]) -> Void) {
        self.store = store
        self.trash = trash
        self.source = source
        self.post = post
    }

    /// Whether work is under way.
    var isBusy: Bool { running.withLock { $0 > 0 } }

    func write(_ changes: [RatingChange]) {
        inOrder { changes.compactMap(self.keep) }
    }

    /// The turns into the photos' sidecars (a read-only folder's into the store).
    func turn(_ changes: [TurnChange]) {
        inOrder {
            changes.compactMap { change in
                self.keepInSidecars(.orientation(change.orientation), files: change.photo.localFiles, photo: change.photo,
                                    store: { $0.orientation = change.orientation },
                                    refused: { .turnRefused(photoID: change.photo.id, previous: change.previous, reason: $0) })
            }
        }
    }

    /// The photos to the trash, each whole or not at all; those that could not go are named.
    func trash(_ photos: [Photo]) {
        inOrder { Self.each(photos, self.moveToTrash) { .trashRefused(photoIDs: $0, reason: $1) } }
    }

    /// `u`: the photos back from the trash.
    func restore(_ photos: [Photo]) {
        inOrder { Self.each(photos, self.bringBack) { .restoreRefused(photoIDs: $0, reason: $1) } }
    }

    /// `work` on each photo; the ones it failed for, and the last reason, as one event.
    private static func each(_ photos: [Photo], _ work: (Photo) throws -> Void,
                             refused: ([String], String) -> AppEvent) -> [AppEvent] {
        var failed: [String] = [], reason = ""
        for photo in photos {
            do {
                try work(photo)
            } catch {
                failed.append(photo.id)
                reason = "\(error)"
            }
        }
        return failed.isEmpty ? [] : [refused(failed, reason)]
    }

    private func moveToTrash(_ photo: Photo) throws {
        let files = photo.localFiles
        guard !files.isEmpty else {
            guard let source = source() else { throw PhotoSourceRefusal("this photo has no library") }
            return try source.trash(photoID: photo.id)
        }
        let entries = try trash.trash(PhotoTrash.everyFile(of: files, sidecars: photo.fileDetails?.sidecars ?? [], isRaw: Self.isRaw))
        receipts.withLock { $0[photo.id] = entries }
    }

    private func bringBack(_ photo: Photo) throws {
        guard !photo.localFiles.isEmpty else {
            guard let source = source() else { throw PhotoSourceRefusal("this photo has no library") }
            return try source.restore(photoID: photo.id)
        }
        guard let entries = receipts.withLock({ $0[photo.id] }) else { throw PhotoSourceRefusal("it was not trashed in this session") }
        try trash.restore(entries)
        receipts.withLock { $0[photo.id] = nil }
    }

    /// Runs `work` after everything given before, and posts its events.
    private func inOrder(_ work: @escaping @Sendable () -> [AppEvent]) {
        running.withLock { $0 += 1 }
        queue.async { [self] in
            let events = work()
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
        return keepInSidecars(.rating(change.rating), files: files, photo: change.photo, store: { $0.rating = change.rating },
                              refused: { .ratingRefused(photoID: change.photo.id, previous: change.previous, reason: $0) })
    }

    /// One edit in a photo's sidecars; in a read-only folder, `store`'s change to photopager's
    /// own store (said once a folder); the event `refused` makes of the reason otherwise.
    private func keepInSidecars(_ edit: SidecarEdit, files: [String], photo: Photo, store change: (inout RatingStore.Entry) -> Void,
                                refused: (String) -> AppEvent) -> AppEvent? {
        do {
            _ = try edit.apply(files: files, sidecars: photo.fileDetails?.sidecars ?? [], isRaw: Self.isRaw)
            return nil
        } catch where error.isReadOnlyFolder {
            do {
                try store.update(files, change)
            } catch {
                return refused(error.description)
            }
            let folder = String(files[0][..<(files[0].lastIndex(of: "/") ?? files[0].startIndex)])
            guard toldFolders.withLock({ $0.insert(folder).inserted }) else { return nil }
            return .shellMessage("\(folder) cannot be written: its ratings and turns are kept in \(store.path ?? "photopager's data")")
        } catch {
            return refused(error.description)
        }
    }

    static func isRaw(_ path: String) -> Bool { ImageFormat.rawExtensions.contains(LocalPhoto.fileExtension(of: path)) }
}
