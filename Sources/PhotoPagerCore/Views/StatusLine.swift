import PhotoPagerBase

/// The bottom row: key hints (or the latest notice) on the left, the position on the right.
///
/// A shared URL is written as link cells (OSC 8), so it can be clicked even when it is cut short.
enum StatusLine {
    static func draw(_ state: AppState, on canvas: inout Canvas) {
        guard let rect = state.layout.statusLine else { return }
        let base = Style(dim: true)
        canvas.fill(rect, style: Style())
        var position = state.photos.isEmpty ? "0/0" : "\(grouped(state.currentIndex + 1))/\(grouped(total(state)))"
        if let zoom = state.zoomLabel { position = zoom + " · " + position }
        if state.currentPhoto?.favourite == true { position = "♥ " + position }
        if let rating = state.currentPhoto?.ratingText { position = rating + " · " + position }
        if state.list.filter?.hidesRejected == true { position = "rejected hidden · " + position }
        if let filter = state.list.filter {
            position = "\(grouped(state.photos.count)) of \(grouped(filter.all.count)) · " + position
        }
        if case let marks = state.session.picks.marked.count, marks > 0 { position = "\(grouped(marks)) marked · " + position }
        if state.list.pendingSort != nil { position = "sorting \(grouped(state.photos.count)) photos… · " + position }
        if state.pager.slideshow.isRunning { position = "▶ slideshow \(Slideshow.format(state.pager.slideshow.seconds)) · " + position }
        if let left = state.list.remote.rateRemaining, left < 10 { position = "\(left) API calls left · " + position }
        if state.list.remote.feed?.isLoading == true { position = (state.photos.isEmpty ? "loading… " : "loading more… ") + position }
        if let download = state.list.remote.download, download.photoID == state.currentPhoto?.id,
           state.mode == .pager, state.images.loads.isLoading(photoID: download.photoID) {
            position = download.text + " · " + position
        }
        let positionWidth = canvas.writeRight(position + " ", in: rect, style: Style(bold: true))
        let room = max(0, rect.width - positionWidth - 2)
        if let filter = state.list.filter, filter.isEditing {
            // The prompt, its cursor a reverse-video cell; the text is the person's own, sanitised all the same.
            let used = canvas.write(" /" + TerminalText.sanitized(filter.text), x: rect.x, y: rect.y, width: room,
                                    style: Style(bold: true))
            canvas.write(" ", x: rect.x + used, y: rect.y, width: room - used, style: Style(reverse: true))
            let keys = filter.isSearch ? "  ⏎ search \(state.list.remote.feed?.service ?? "") · esc cancel" : "  ⏎ keep · esc clear"
            canvas.write(keys, x: rect.x + used + 1, y: rect.y, width: room - used - 1, style: base)
            return
        }
        switch state.chrome.notice {
        case .shared(let url, let copied)?:
            var used = canvas.write(" ↗ Shared ", x: rect.x, y: rect.y, width: room, style: Style(bold: true))
            used += canvas.write(url, x: rect.x + used, y: rect.y, width: room - used, style: Style(underline: true),
                                 link: url)
            if copied { canvas.write(" · copied", x: rect.x + used, y: rect.y, width: room - used, style: base) }
        case .nothingToShare(let refused)?:
            // The scheme is a stranger's text too.
            let text = refused.map { " Not shared: a \(TerminalText.sanitized($0)) link (only http, https and file links are)" }
            canvas.write(text ?? " Nothing to share for this photo", x: rect.x, y: rect.y, width: room)
        case .message(let text)?:
            canvas.write(" " + TerminalText.sanitized(text), x: rect.x, y: rect.y, width: room, style: Style(bold: true))
        case nil:
            canvas.write(" " + hints(for: state), x: rect.x, y: rect.y, width: room, style: base)
        }
    }

    /// The feed's `X-Total` when it knows more photos than are loaded, else the photos loaded.
    static func total(_ state: AppState) -> Int {
        max(state.photos.count, state.list.remote.feed?.total ?? 0)
    }

    /// 146831 → "146,831".
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// The keys for what the person sees, from the key map: an open panel's first, then the
    /// grid's or the pager's, then those of both; each naming only keys that reach it (the grid
    /// leads with the source's name).
    static func hints(for state: AppState) -> String {
        let order = state.keyContexts.filter { $0 != .common } + [.common]
        var hints: [String] = []
        for context in order {
            let earlier = state.keyContexts.prefix { $0 != context }
            let shadowed = Set(earlier.flatMap { Keymap.bindings(in: $0).flatMap(\.keys) })
            hints += Keymap.bindings(in: context).compactMap { $0.hintText(shadowed: shadowed) }
        }
        let text = hints.joined(separator: " · ")
        return state.mode == .grid && !state.chrome.info.isShown ? state.list.sourceName + " · " + text : text
    }
}
