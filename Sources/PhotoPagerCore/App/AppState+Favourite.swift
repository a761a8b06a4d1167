import PhotoPagerBase

/// `F`: a library photo's favourite, changed at once on screen and written to the library in
/// the background; put back, with the server's reason, when it refuses.
extension AppState {
    mutating func toggleFavourite() -> [Effect] {
        guard let photo = currentPhoto else { return [] }
        // Keys that change the library never fall through from the info panel (nor the `?`
        // overlay, which is modal): a stray F while reading must not write to the server.
        if chrome.info.isShown {
            chrome.notice = .message("the info panel has the keys: i closes it, then F marks a favourite")
            return []
        }
        guard list.remote.feed?.capabilities.contains(.favourite) == true, photo.favourite != nil else {
            chrome.notice = .message("favourites live in an Immich library: this photo has none")
            return []
        }
        let favourite = !(photo.favourite ?? false)
        list.setFavourite(photo.id, favourite)
        chrome.notice = .message(favourite ? "♥ a favourite" : "no longer a favourite")
        return [.setFavourite(photoID: photo.id, favourite)]
    }

    /// The library said no: the photo is as it was, and the status line says why.
    mutating func favouriteRefused(_ photoID: String, _ favourite: Bool, reason: String) {
        list.setFavourite(photoID, !favourite)
        chrome.notice = .message("the favourite was not saved: " + reason)
    }
}

extension PhotoList {
    mutating func setFavourite(_ photoID: String, _ favourite: Bool) {
        guard let index = photos.firstIndex(where: { $0.id == photoID }) else { return }
        photos[index].favourite = favourite
    }
}
