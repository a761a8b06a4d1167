/// Input routing: which layer gets a key first.
///
/// Order: Ctrl-C / Ctrl-Z / Ctrl-L anywhere; the key map overlay (modal); the info panel (it owns the
/// arrows and Enter while open, so the grid and pager keep their letter keys); fullscreen; then
/// the grid or the pager. Any key clears the status notice; `s` sets a new one.
extension AppState {
    mutating func handle(_ input: InputEvent) -> [Effect] {
        switch input {
        case .key(let key, let modifiers):
            if modifiers.contains(.ctrl), case .character(let character) = key {
                switch character.lowercased() {
                case "c": return [.quit]
                case "z": return [.suspend]
                case "l": return [.repaint]
                default: return []
                }
            }
            notice = nil
            feed?.lastFailed = false          // a failed page is tried again when the person moves
            retryUnavailable()
            return handle(key)
        case .mouse(let mouse):
            return handle(mouse)
        default:
            // Pastes, focus changes and terminal replies do not drive the UI.
            return []
        }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if showsKeyMap {
            if key == .character("?") || key == .escape || key == .character("q") { showsKeyMap = false }
            return []
        }
        if showsInfoPanel && !(mode == .pager && isFullscreen), handlePanel(key) { return [] }
        switch key {
        case .character("?"):
            showsKeyMap = true
            return []
        case .character("s"):
            return share()
        case .character("i"):
            // From fullscreen, `i` brings the chrome back with the panel open.
            showsInfoPanel = isFullscreen ? true : !showsInfoPanel
            isFullscreen = false
            return []
        default:
            return mode == .grid ? handleGrid(key) : handlePager(key)
        }
    }

    /// Panel keys; `false` when the key is not the panel's, so it falls through.
    /// In the pager the panel takes ↑/↓ and Enter/→/← (h/l still page); in the grid the keys
    /// keep moving the selection and Enter opens the photo, with the panel following along.
    private mutating func handlePanel(_ key: Key) -> Bool {
        if mode == .grid {
            guard key == .escape else { return false }
            showsInfoPanel = false
            return true
        }
        switch key {
        case .up: info.moveSelection(by: -1)
        case .down: info.moveSelection(by: 1)
        case .enter, .right: info.expanded.insert(info.selected)
        case .left: info.expanded.remove(info.selected)
        case .escape: showsInfoPanel = false
        default: return false
        }
        return true
    }

    private mutating func handleGrid(_ key: Key) -> [Effect] {
        let moves: [Key: GridListController.Move] = [
            .left: .left, .right: .right, .up: .up, .down: .down,
            .character("h"): .left, .character("l"): .right, .character("k"): .up, .character("j"): .down,
            .pageUp: .pageUp, .pageDown: .pageDown, .home: .home, .end: .end,
            .character("g"): .home, .character("G"): .end,
        ]
        if let move = moves[key] {
            withControllers { grid, _ in grid.move(move) }
            return []
        }
        switch key {
        case .enter: openPager(fullscreen: false)
        case .character("f"): openPager(fullscreen: true)
        case .character("q"): return [.quit]
        default: break
        }
        return []
    }

    private mutating func handlePager(_ key: Key) -> [Effect] {
        switch key {
        case .left, .character("h"): page(by: -1)
        case .right, .character("l"), .character(" "): page(by: 1)
        case .home, .character("g"): page(by: Int.min)
        case .end, .character("G"): page(by: Int.max)
        case .character("f"): isFullscreen.toggle()
        case .escape where isFullscreen: isFullscreen = false
        case .escape, .character("q"), .down, .character("j"): returnToGrid()
        default: break
        }
        return []
    }

    /// Grid → pager: the selection becomes the pager's start index.
    mutating func openPager(fullscreen: Bool) {
        guard !photos.isEmpty else { return }
        withControllers { grid, pager in pager.scrollToPhoto(at: grid.openSelected()) }
        mode = .pager
        isFullscreen = fullscreen
    }

    mutating func page(by pages: Int) {
        withControllers { _, pager in pager.page(by: pages) }
    }

    /// Pager → grid, centred on the photo last shown. The delegate already followed every page
    /// turn; telling it once more centres the grid even when no page was turned.
    mutating func returnToGrid() {
        withControllers { grid, pager in grid.pagingController(pager, didShowPhotoAt: pager.currentIndex) }
        mode = .grid
        isFullscreen = false
    }

    /// Shares the photo being looked at: status notice, clipboard (unless disabled), stdout record.
    mutating func share() -> [Effect] {
        guard let photo = currentPhoto else { return [] }
        guard let url = ShareLink.url(for: photo) else {
            notice = .nothingToShare(refused: ShareLink.refusedScheme(for: photo))
            return []
        }
        notice = .shared(url: url, copied: clipboardEnabled)
        var effects: [Effect] = (clipboardEnabled ? [.copyToClipboard(url)] : []) + [.recordShare(url)]
        // Unsplash's guidelines: choosing a photo pings its download_location, once per photo.
        if photo.isFromUnsplash, photo.links?.downloadLocation != nil, downloadsTracked.insert(photo.id).inserted {
            effects.append(.trackDownload(photo))
        }
        return effects
    }
}
