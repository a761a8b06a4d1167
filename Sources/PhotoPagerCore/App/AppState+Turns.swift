import PhotoPagerBase

/// `r`/`R`: a photo turned a quarter right or left without touching its file: the turn goes in
/// its sidecar as `tiff:Orientation` (absolute: the photo's own orientation turned once more),
/// which digiKam and geeqie read too. Shown at once; the marked photos with marks.
extension AppState {
    mutating func turn(clockwise: Bool) -> [Effect] {
        guard currentPhoto != nil, !panelKeepsKey(clockwise ? "r" : "R", "turns the photo") else { return [] }
        let targets = markedOrCurrent
        guard list.remote.feed == nil, targets.allSatisfy({ !$0.localFiles.isEmpty }) else {
            chrome.notice = .message("turning is for your own files: it goes in a sidecar beside the photo")
            return []
        }
        guard targets.allSatisfy({ $0.orientation != nil }) else {
            chrome.notice = .message("still reading the photo's header: turn it in a moment")
            return []
        }
        let changes = targets.map { photo in
            TurnChange(photo: photo, orientation: Photo.turned(photo.orientation ?? 1, clockwise: clockwise),
                       previous: photo.fileDetails?.orientation)
        }
        setZoom(nil)
        for change in changes { list.setTurn(change.photo.id, change.orientation) }
        session.undo.push(.turns(changes))
        chrome.notice = .message((clockwise ? "turned right" : "turned left") + (changes.count > 1 ? " (\(changes.count) photos)" : ""))
        return [.turnPhotos(changes)]
    }

    mutating func turnRefused(_ photoID: String, previous: Int?, reason: String) {
        list.setTurn(photoID, previous)
        chrome.notice = .message("the turn was not saved: " + reason)
    }
}

extension PhotoList {
    /// A photo's sidecar turn (nil: its own orientation), its size stood up by it, wherever it
    /// is listed.
    mutating func setTurn(_ photoID: String, _ orientation: Int?) {
        func turned(_ photo: Photo) -> Photo {
            var photo = photo
            let before = photo.orientation ?? 1
            photo.fileDetails = photo.fileDetails ?? Photo.FileDetails(files: photo.localFiles)
            photo.fileDetails?.orientation = orientation
            if Photo.swapsAxes(before) != Photo.swapsAxes(photo.orientation ?? 1) { (photo.width, photo.height) = (photo.height, photo.width) }
            return photo
        }
        for index in photos.indices where photos[index].id == photoID { photos[index] = turned(photos[index]) }
        if var filter, let index = filter.all.firstIndex(where: { $0.id == photoID }) {
            filter.all[index] = turned(filter.all[index])
            self.filter = filter
        }
    }
}
