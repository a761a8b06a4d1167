import PhotoPagerBase

/// Culling: `1`–`5` set the stars (the same number again clears them), `x` rejects and
/// un-rejects, `X` hides and shows the rejected, `u` takes the last change back. With marks,
/// a key changes every marked photo. Shown at once; the shell writes the sidecars (or the
/// library) in the background and a refusal puts the photo back.
extension AppState {
    mutating func rate(_ stars: Int) -> [Effect] {
        guard let targets = ratingTargets("\(stars)", "sets the stars") else { return [] }
        // The same number again clears, as in photo tools; with marks, when all have it.
        let rating = targets.allSatisfy { $0.rating == stars } ? 0 : stars
        chrome.notice = .message(rating == 0 ? "stars cleared" + Self.count(targets) : String(repeating: "★", count: stars) + Self.count(targets))
        return change(targets, to: rating)
    }

    mutating func toggleReject() -> [Effect] {
        guard let targets = ratingTargets("x", "rejects") else { return [] }
        let rating = targets.allSatisfy { $0.rating == -1 } ? 0 : -1
        chrome.notice = .message((rating == -1 ? "✕ rejected" : "no longer rejected") + Self.count(targets)
            + (rating == -1 && !(list.filter?.hidesRejected ?? false) ? " (X hides the rejected)" : ""))
        return change(targets, to: rating)
    }

    /// `X`: the rejected leave the grid and the pager while culling, and come back.
    mutating func toggleRejectsHidden() {
        let hide = !(list.filter?.hidesRejected ?? false)
        if list.filter == nil {
            guard hide else { return }
            list.filter = PhotoFilter(all: photos, isSearch: false)
            list.filter?.isEditing = false
        }
        list.filter?.hidesRejected = hide
        chrome.notice = .message(hide ? "rejected photos hidden (X shows them)" : "rejected photos shown")
        refreshFilter()
    }

    /// `u`: the last change of this session taken back (a rating, a trash).
    mutating func undo() -> [Effect] {
        guard !panelKeepsKey("u", "undoes") else { return [] }
        guard let step = session.undo.pop() else {
            chrome.notice = .message("nothing to undo")
            return []
        }
        switch step {
        case .trash(let trashed):
            return restore(trashed)
        case .turns(let changes):
            let back = changes.map { change in
                TurnChange(photo: latest(change.photo.id) ?? change.photo,
                           orientation: change.previous ?? change.photo.fileDetails?.ownOrientation ?? 1, previous: change.orientation)
            }
            setZoom(nil)
            for change in changes { list.setTurn(change.photo.id, change.previous) }
            chrome.notice = .message("undone: the turn" + (back.count > 1 ? " (\(back.count) photos)" : ""))
            return [.turnPhotos(back)]
        case .ratings(let changes):
            let back = changes.map { $0.undone(on: latest($0.photo.id) ?? $0.photo) }
            for change in back { list.setRating(change.photo.id, change.rating) }
            refreshFilter()
            chrome.notice = .message("undone: the rating" + (back.count > 1 ? " (\(back.count) photos)" : ""))
            return [.writeRatings(back)]
        }
    }

    /// The library or the disk said no: the photo's rating is put back, and the status line
    /// says why.
    mutating func ratingRefused(_ photoID: String, previous: Int?, reason: String) {
        list.setRating(photoID, previous)
        refreshFilter()
        chrome.notice = .message("the rating was not saved: " + reason)
    }

    // MARK: -

    /// The photos a rating key changes (the marked ones, else the one looked at), or nil with
    /// the reason on the status line: none, the info panel has the keys, or no place to keep it.
    private mutating func ratingTargets(_ key: String, _ does: String) -> [Photo]? {
        guard currentPhoto != nil, !panelKeepsKey(key, does) else { return nil }
        let targets = markedOrCurrent
        // A library keeps its own ratings; files keep theirs in sidecars; nothing else has any.
        let canRate = list.remote.feed.map { $0.capabilities.contains(.rating) } ?? targets.allSatisfy { !$0.localFiles.isEmpty }
        guard canRate else {
            chrome.notice = .message("\(list.remote.feed?.service ?? "this photo") has no sidecar: ratings are kept for your own files and Immich libraries")
            return nil
        }
        return targets
    }

    private mutating func change(_ targets: [Photo], to rating: Int) -> [Effect] {
        let changes = targets.map { RatingChange(photo: $0, rating: rating, previous: $0.rating) }
        for change in changes { list.setRating(change.photo.id, rating) }
        session.undo.push(.ratings(changes))
        refreshFilter()
        return [.writeRatings(changes)]
    }

    /// What a culling key acts on: the marked photos as the list has them now (in the order
    /// marked), else the one looked at.
    var markedOrCurrent: [Photo] {
        let marked = session.picks.chosen.filter(session.picks.marked.contains)
        return marked.isEmpty ? [currentPhoto].compactMap { $0 } : marked.compactMap { latest($0) ?? session.picks.photos[$0] }
    }

    /// The photo of that id as the list has it now (shown, or filtered out).
    func latest(_ id: String) -> Photo? {
        photos.first { $0.id == id } ?? list.filter?.all.first { $0.id == id }
    }

    private static func count(_ photos: [Photo]) -> String {
        photos.count > 1 ? " (\(photos.count) photos)" : ""
    }
}

extension PhotoList {
    /// A photo's rating, wherever it is listed (shown and behind a filter).
    mutating func setRating(_ photoID: String, _ rating: Int?) {
        for index in photos.indices where photos[index].id == photoID { photos[index].rating = rating }
        if var filter, let index = filter.all.firstIndex(where: { $0.id == photoID }) {
            filter.all[index].rating = rating
            self.filter = filter
        }
    }
}
