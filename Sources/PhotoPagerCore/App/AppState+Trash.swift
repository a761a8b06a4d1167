import PhotoPagerBase

/// `Delete` / `D`: the photo looked at goes to the trash at once (`u` brings it back); the
/// marked ones after the status line asks and `y` answers. The grid closes the gap; the pager
/// shows the next photo (the one before, after the last). A refusal puts the photos back.
extension AppState {
    mutating func trash() -> [Effect] {
        guard currentPhoto != nil, !panelKeepsKey("D", "moves to the trash") else { return [] }
        let targets = markedOrCurrent, asks = !session.picks.marked.isEmpty
        // A library has its own trash; files go to the desktop's; nothing else can be deleted.
        let canTrash = list.remote.feed.map { $0.capabilities.contains(.trash) } ?? targets.allSatisfy { !$0.localFiles.isEmpty }
        guard canTrash, !targets.isEmpty else {
            chrome.notice = .message("\(list.remote.feed?.service ?? "this photo") is not yours to delete: the trash takes your own files and Immich photos")
            return []
        }
        guard !asks else {
            chrome.question = .trash(targets.map(\.id))
            chrome.notice = .message("move the \(targets.count) marked photo\(targets.count == 1 ? "" : "s") to the trash? y: yes, any other key: no")
            return []
        }
        return moveToTrash(targets)
    }

    mutating func answer(_ question: Chrome.Question, yes: Bool) -> [Effect] {
        switch question {
        case .handlerKey:
            return []
        case .trash(let ids):
            guard yes else {
                chrome.notice = .message("nothing moved to the trash")
                return []
            }
            return moveToTrash(ids.compactMap { latest($0) })
        }
    }

    private mutating func moveToTrash(_ photos: [Photo]) -> [Effect] {
        let removed = remove(Set(photos.map(\.id)))
        guard !removed.isEmpty else { return [] }
        session.undo.push(.trash(removed))
        chrome.notice = .message((removed.count == 1 ? "moved to the trash" : "\(removed.count) photos moved to the trash") + " (u brings back)")
        return [.trashPhotos(removed.map(\.photo))]
    }

    /// `u` on a trash: the photos back in their places, and back from the trash.
    mutating func restore(_ trashed: [TrashedPhoto]) -> [Effect] {
        insert(trashed)
        chrome.notice = .message(trashed.count == 1 ? "back from the trash" : "\(trashed.count) photos back from the trash")
        return [.restorePhotos(trashed.map(\.photo))]
    }

    mutating func trashRefused(_ ids: [String], reason: String) {
        if let trashed = session.undo.removeTrash(of: Set(ids)) { insert(trashed) }
        chrome.notice = .message("not moved to the trash: " + reason)
    }

    mutating func restoreRefused(_ ids: [String], reason: String) {
        _ = remove(Set(ids))
        chrome.notice = .message("not brought back: " + reason)
    }

    // MARK: - The list without them, and with them again

    /// Photos whose files are gone (a key handler moved them): out of the list for good.
    mutating func removeGone(_ ids: Set<String>) -> [TrashedPhoto] { remove(ids) }

    /// Takes the photos out of the list (and the full list behind a filter, and the marks),
    /// the one looked at becoming the next that stays (else the one before). Returns each with
    /// its place in the full list.
    private mutating func remove(_ ids: Set<String>) -> [TrashedPhoto] {
        let all = list.filter?.all ?? photos
        let removed = all.enumerated().filter { ids.contains($0.element.id) }.map { TrashedPhoto(photo: $0.element, index: $0.offset) }
        guard !removed.isEmpty else { return [] }
        let index = currentIndex
        let stays = photos.filter { !ids.contains($0.id) }
        let keeping = currentPhoto.flatMap { ids.contains($0.id) ? nil : $0.id }
            ?? photos[min(index, max(0, photos.count - 1))...].first { !ids.contains($0.id) }?.id
            ?? photos[..<min(index, photos.count)].last { !ids.contains($0.id) }?.id
        list.filter?.all.removeAll { ids.contains($0.id) }
        for id in ids where session.picks.marked.contains(id) { session.picks.unmark(id) }
        show(stays, keeping: keeping)
        if stays.isEmpty, mode == .pager { returnToGrid() }
        return removed
    }

    /// Puts photos back where they were (in the full list; shown where the filter matches).
    private mutating func insert(_ trashed: [TrashedPhoto]) {
        var all = list.filter?.all ?? photos
        for item in trashed.sorted(by: { $0.index < $1.index }) where !all.contains(where: { $0.id == item.photo.id }) {
            all.insert(item.photo, at: min(item.index, all.count))
        }
        if var filter = list.filter {
            filter.all = all
            list.filter = filter
            show(filter.isSearch ? all : all.filter(filter.matches), keeping: trashed.first?.photo.id)
        } else {
            show(all, keeping: trashed.first?.photo.id)
        }
    }
}
