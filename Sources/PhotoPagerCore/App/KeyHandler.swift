import PhotoPagerBase

/// Ctrl-X then a key, as nsxiv's key-handler: the person's own executable runs with the key's
/// name as its argument and the marked photos (else the one looked at) on its stdin; the
/// status line says how it went, and photos it removed leave, those it changed are read again.
public enum KeyHandler {
    /// What came of a run.
    public struct Outcome: Sendable, Hashable {
        public let key: String
        /// Its exit status; nil when it could not run or was killed (then `message` says why).
        public let status: Int32?
        /// Its last line of output, or why it could not run.
        public let message: String
        /// Photos whose files it removed or moved away.
        public let removed: [String]
        /// Photos whose files it changed, as they read now.
        public let changed: [Photo]

        public init(key: String, status: Int32?, message: String, removed: [String] = [], changed: [Photo] = []) {
            self.key = key
            self.status = status
            self.message = message
            self.removed = removed
            self.changed = changed
        }
    }

    /// The key's name as the handler gets it: "r", "R", "C-r", "Delete", "F5", "Up".
    public static func name(of chord: KeyChord) -> String {
        let name: String
        switch chord.key {
        case .character(" "): name = "space"
        case .character(let c): name = String(c)
        case .up: name = "Up"
        case .down: name = "Down"
        case .left: name = "Left"
        case .right: name = "Right"
        case .enter: name = "Return"
        case .tab: name = "Tab"
        case .backspace: name = "BackSpace"
        case .delete: name = "Delete"
        case .insert: name = "Insert"
        case .home: name = "Home"
        case .end: name = "End"
        case .pageUp: name = "Prior"
        case .pageDown: name = "Next"
        case .function(let n): name = "F\(n)"
        default: name = "\(chord.key)"
        }
        return chord.ctrl ? "C-" + name : name
    }
}

extension AppState {
    /// Ctrl-X: the status line asks for the key (not from the `?` overlay or the info panel:
    /// a handler may change the files).
    mutating func askHandlerKey() {
        guard !chrome.keyMap.isShown, !panelKeepsKey("Ctrl-X", "runs your key handler"), currentPhoto != nil else { return }
        chrome.question = .handlerKey
        chrome.notice = .message("Ctrl-X: which key for your key handler? (esc: none)")
    }

    mutating func runKeyHandler(_ key: String) -> [Effect] {
        let photos = markedOrCurrent
        guard !photos.isEmpty else { return [] }
        return [.runKeyHandler(key: key, photos: photos)]
    }

    mutating func keyHandlerFinished(_ outcome: KeyHandler.Outcome) {
        for photo in outcome.changed {
            let index = photos.firstIndex { $0.id == photo.id }
            var fresh = index.map { photo.keepingFiles(of: photos[$0]) } ?? photo
            // Other pixels under the same id: a new revision, so nothing old is shown for them.
            if fresh.fileDetails == nil { fresh.fileDetails = Photo.FileDetails(files: fresh.localFiles) }
            fresh.fileDetails?.revision = (index.flatMap { photos[$0].fileDetails?.revision } ?? 0) + 1
            for i in photos.indices where photos[i].id == photo.id { list.photos[i] = fresh }
            if var filter = list.filter, let i = filter.all.firstIndex(where: { $0.id == photo.id }) {
                filter.all[i] = fresh
                list.filter = filter
            }
        }
        if !outcome.removed.isEmpty { _ = removeGone(Set(outcome.removed)) }
        let said = TerminalText.sanitized(outcome.message)
        switch outcome.status {
        case 0?: chrome.notice = .message("key-handler \(outcome.key): " + (said.isEmpty ? "done" : said))
        case let status?: chrome.notice = .message("key-handler \(outcome.key) failed (exit \(status))" + (said.isEmpty ? "" : ": " + said))
        case nil: chrome.notice = .message("key-handler \(outcome.key): " + said)
        }
    }
}
