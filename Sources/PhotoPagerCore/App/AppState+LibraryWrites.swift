import PhotoPagerBase

/// `F`: a library photo's favourite, changed at once on screen and written to the library in
/// the background; put back, with the server's reason, when it refuses. `P`: a public link,
/// made only when asked for, saying that it is public and until when.
extension AppState {
    /// Keys that change the library never fall through from the info panel (nor the `?`
    /// overlay, which is modal): a stray key while reading must not write to the server.
    mutating func panelKeepsKey(_ key: String, _ does: String) -> Bool {
        guard chrome.info.isShown else { return false }
        chrome.notice = .message("the info panel has the keys: i closes it, then \(key) \(does)")
        return true
    }

    mutating func toggleFavourite() -> [Effect] {
        guard let photo = currentPhoto, !panelKeepsKey("F", "marks a favourite") else { return [] }
        guard list.remote.feed?.capabilities.contains(.favourite) == true, photo.favourite != nil else {
            chrome.notice = .message("favourites live in an Immich library: this photo has none")
            return []
        }
        let favourite = !(photo.favourite ?? false)
        list.setFavourite(photo.id, favourite)
        chrome.notice = .message(favourite ? "♥ a favourite" : "no longer a favourite")
        return [.setFavourite(photoID: photo.id, favourite)]
    }

    /// `Y`: the photo's own pixels to the clipboard (as a PNG), where the clipboard is on.
    mutating func copyImage() -> [Effect] {
        guard let photo = currentPhoto else { return [] }
        guard session.clipboardEnabled else {
            chrome.notice = .message("the clipboard is off (--no-clipboard)")
            return []
        }
        chrome.notice = .message("copying the photo…")
        return [.copyImage(photo)]
    }

    /// The photo as a PNG, ready for a terminal that takes images on its clipboard.
    mutating func clipboardImageReady(_ bytes: [UInt8], _ said: String) -> [Effect] {
        chrome.notice = .message(said)
        return session.clipboardEnabled ? [.sendToTerminal(bytes)] : []
    }

    mutating func publicLink() -> [Effect] {
        guard let photo = currentPhoto, !panelKeepsKey("P", "makes a public link") else { return [] }
        guard list.remote.feed?.capabilities.contains(.publicLink) == true else {
            chrome.notice = .message("public links are made by an Immich library; s shares this photo's own link")
            return []
        }
        chrome.notice = .message("making a public link…")
        return [.makePublicLink(photoID: photo.id)]
    }

    /// The link is copied (unless the clipboard is off) and the status line says it is public.
    mutating func publicLinkMade(_ link: PublicLink) -> [Effect] {
        let until = link.expires.map { " until " + $0 } ?? " until revoked in Immich"
        chrome.notice = .message("PUBLIC link, anyone with it can see the photo\(until)\(session.clipboardEnabled ? " (copied)" : ""): \(link.url)")
        return session.clipboardEnabled ? [.copyToClipboard(link.url)] : []
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
