import PhotoPagerBase

/// Input routing: which layer gets a key first (the keys themselves are `Keymap`'s table).
///
/// Order: `everywhere` (Ctrl-C, Ctrl-Z, Ctrl-L); the key map overlay (modal); the info panel (it
/// owns the arrows and Enter while open in the pager, so the grid and pager keep their letter
/// keys; in the grid only Esc); then `common` (share, info, keys); then the grid or the pager.
/// Any key clears the status notice; `s` sets a new one.
extension AppState {
    mutating func handle(_ input: InputEvent) -> [Effect] {
        switch input {
        case .key(let key, let modifiers):
            let chord = KeyChord(key, ctrl: modifiers.contains(.ctrl))
            // A question on the status line takes the next key: y says yes, any other no; after
            // Ctrl-X, any key (Ctrl-C still aborts) names the key handler's key.
            if chrome.question == .handlerKey, chord != KeyChord(.character("c"), ctrl: true) {
                chrome.question = nil
                chrome.notice = nil
                return key == .escape ? [] : runKeyHandler(KeyHandler.name(of: chord))
            }
            if let action = Keymap.action(for: chord, in: .everywhere) { return perform(action) }
            guard !chord.ctrl else { return [] }
            if let question = chrome.question {
                chrome.question = nil
                chrome.notice = nil
                return answer(question, yes: key == .character("y"))
            }
            chrome.notice = nil
            list.remote.retryAfterMove()
            images.loads.retryUnavailable()
            let action = Keymap.action(for: chord, in: keyContexts)
            // Any key but S pauses the slideshow, and still does its own job.
            if action != .toggleSlideshow { pager.slideshow.pause() }
            if action == nil, keyContexts == [.prompt], case .character(let typed) = key { typeIntoFilter(typed) }
            return perform(action)
        case .mouse(let mouse):
            return handle(mouse)
        default:
            // Pastes, focus changes and terminal replies do not drive the UI.
            return []
        }
    }

    /// The contexts a key is looked up in now, first match wins.
    var keyContexts: [KeyContext] {
        if chrome.keyMap.isShown { return [.keyMap] }
        if list.filter?.isEditing == true { return [.prompt] }
        let modes: [KeyContext] = self.mode == .grid ? [.grid] : activeZoom != nil ? [.zoomed, .pager] : [.pager]
        if chrome.info.isShown && !(self.mode == .pager && pager.isFullscreen) {
            return [self.mode == .grid ? .gridInfoPanel : .infoPanel, .common] + modes
        }
        return [.common] + modes
    }

    private mutating func perform(_ action: KeyAction?) -> [Effect] {
        guard let action else { return [] }
        switch action {
        case .quit: return [.quit]
        case .abort: return [.abort]
        case .toggleMark: toggleMark()
        case .invertMarks: invertMarks()
        case .suspend: return [.suspend]
        case .repaint: return [.repaint]
        case .toggleKeyMap: chrome.keyMap.open()
        case .closeKeyMap: chrome.keyMap.close()
        case .scrollKeyMap(let rows): chrome.keyMap.scroll(by: rows, maximum: KeyMapView.maximumScroll(self))
        case .share: return share()
        case .toggleFavourite: return toggleFavourite()
        case .rate(let stars): return rate(stars)
        case .toggleReject: return toggleReject()
        case .toggleRejectsHidden: toggleRejectsHidden()
        case .undo: return undo()
        case .trash: return trash()
        case .keyHandler: askHandlerKey()
        case .copyImage: return copyImage()
        case .turn(let clockwise): return turn(clockwise: clockwise)
        case .publicLink: return publicLink()
        case .openInBrowser: return openInBrowser()
        case .download:
            // The download's request is the guideline ping; the client keeps it per photo, so a
            // share after it pings no more (and one that failed before pinging still does).
            guard let photo = currentPhoto else { return [] }
            return [.saveOriginal(photo)]
        case .toggleSlideshow: return toggleSlideshow()
        case .startFilter: startFilter()
        case .keepFilter: return keepFilter()
        case .clearFilter: clearFilter()
        case .deleteFromFilter: deleteFromFilter()
        case .toggleInfoPanel:
            // From fullscreen, `i` brings the chrome back with the panel open.
            chrome.info.isShown = pager.isFullscreen ? true : !chrome.info.isShown
            pager.isFullscreen = false
        case .panelMove(let rows): chrome.info.moveSelection(by: rows)
        case .panelExpand: chrome.info.expanded.insert(chrome.info.selected)
        case .panelCollapse: chrome.info.expanded.remove(chrome.info.selected)
        case .closePanel: chrome.info.isShown = false
        case .move(let move): withControllers { grid, _ in grid.move(move) }
        case .zoomGrid(let direction):
            session.remembered.gridTileWidth = GridZoom.step(from: grid.layout, by: direction)
            syncGeometry()
            return [.remember(session.remembered)]
        case .open: openPager(fullscreen: false)
        case .openFullscreen: openPager(fullscreen: true)
        case .page(let pages): page(by: pages)
        case .zoom(let direction): zoom(by: direction)
        case .zoomFit: setZoom(nil)
        case .pan(let columns, let rows): pan(columns: columns, rows: rows)
        case .toggleFullscreen: pager.isFullscreen.toggle()
        case .toggleFilmstrip: return toggleFilmstrip()
        case .toggleAnimations: return images.animations.toggle(terminalPlays: screen.playsAnimations)
        case .leaveFullscreenOrGrid: if pager.isFullscreen { pager.isFullscreen = false } else { returnToGrid() }
        case .backToGrid: returnToGrid()
        }
        return []
    }

    /// Grid → pager: the selection becomes the pager's start index.
    mutating func openPager(fullscreen: Bool) {
        guard !photos.isEmpty else { return }
        withControllers { grid, pager in pager.scrollToPhoto(at: grid.openSelected()) }
        pager.isOpen = true
        pager.isFullscreen = fullscreen
        sayIfVideo()
    }

    /// A library's video is shown by its thumbnail: the status line says so, and where it plays.
    mutating func sayIfVideo() {
        guard let seconds = currentPhoto?.videoDuration else { return }
        chrome.notice = .message("a video (\(Photo.clock(seconds))), shown by its thumbnail: o opens it in the web app")
    }

    /// Paging (any way) shows the next photo at fit.
    mutating func page(by pages: Int) {
        setZoom(nil)
        withControllers { _, pager in pager.page(by: pages) }
        sayIfVideo()
    }

    /// Pager → grid, centred on the photo last shown. The delegate already followed every page
    /// turn; telling it once more centres the grid even when no page was turned.
    mutating func returnToGrid() {
        withControllers { grid, pager in grid.pagingController(pager, didShowPhotoAt: pager.currentIndex) }
        setZoom(nil)
        pager.isOpen = false
        pager.isFullscreen = false
    }

    /// `o`: the photo's page (as shared: referral parameters on unsplash.com, a local photo's
    /// file URI) goes to the browser; a photo without one says why.
    mutating func openInBrowser() -> [Effect] {
        guard let photo = currentPhoto else { return [] }
        guard let url = ShareLink.url(for: photo) else {
            chrome.notice = .nothingToShare(refused: ShareLink.refusedScheme(for: photo))
            return []
        }
        return [.openURL(url, photoID: photo.id)]
    }

    /// Shares the photo being looked at: status notice, clipboard (unless disabled), stdout record.
    mutating func share() -> [Effect] {
        guard let photo = currentPhoto else { return [] }
        guard let url = ShareLink.url(for: photo) else {
            chrome.notice = .nothingToShare(refused: ShareLink.refusedScheme(for: photo))
            return []
        }
        chrome.notice = .shared(url: url, copied: session.clipboardEnabled)
        session.picks.share(photo)
        return (session.clipboardEnabled ? [.copyToClipboard(url)] : []) + list.remote.trackDownload(of: photo)
    }
}
