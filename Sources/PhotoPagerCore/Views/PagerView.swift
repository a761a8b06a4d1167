import PhotoPagerBase

/// One photo at a time, like the Unsplash app's detail screen: a top bar with `✕`, the
/// photographer's name centred and `↗ share`; the photo aspect-fit and centred below. In
/// fullscreen only the photo is drawn, fitted to the whole terminal.
enum PagerView {
    static let closeLabel = "✕"
    static let shareLabel = "↗ share"

    static func draw(_ state: AppState, on canvas: inout Canvas) {
        let layout = state.layout
        let index = state.pager.currentIndex
        guard let fit = state.pageFit(forPhotoAt: index) else { return }
        if let zoomed = state.zoomPlacement {
            drawZoomed(state, zoomed, fit: fit, on: &canvas)
        } else {
            // Sent again sharp: what the link sent first stays until the sharp one is there.
            let standIn = state.pageStandIn(index, fit: fit).flatMap { state.loadState(of: $0) == .ready ? $0 : nil }
            PhotoTile.draw(state, index: index, fit: fit, clip: layout.pagerPhotoArea,
                           content: standIn ?? state.pageContent(index, fit: fit), on: &canvas)
        }
        if let bar = layout.topBar {
            drawTopBar(state.photos[index], marked: state.isMarked(index), layout: layout, bar: bar, on: &canvas)
        }
        if let strip = layout.filmstrip { drawFilmstrip(state, strip: strip, on: &canvas) }
    }

    /// The zoomed view once it is decoded; until then the last view that was, else the photo
    /// at fit, else its placeholder (a pan or a zoom step never flashes an empty screen).
    static func drawZoomed(_ state: AppState, _ zoomed: ImagePlacement, fit: GridLayout.Fit, on canvas: inout Canvas) {
        let fitted = ImagePlacement(rect: fit.rect,
                                    content: fit.content(of: zoomed.content.photoID, frame: 0, orientation: zoomed.content.orientation))
        let shown = [zoomed, state.pager.zoomFallback, fitted].compactMap { $0 }.first { state.loadState(of: $0.content) == .ready }
        if let shown, shown.rect.intersection(canvas.bounds) == shown.rect {
            canvas.place(shown)
        } else {
            PhotoTile.draw(state, index: state.pager.currentIndex, fit: fit, clip: state.layout.pagerPhotoArea,
                           content: fitted.content, on: &canvas)
        }
    }

    /// The neighbours' thumbnails; a bar under the current one (empty slots stay blank).
    static func drawFilmstrip(_ state: AppState, strip: Rect, on canvas: inout Canvas) {
        for slot in state.filmstripSlots {
            guard let index = slot.index, let fit = state.filmstripFit(slot) else { continue }
            PhotoTile.draw(state, index: index, fit: fit, clip: strip, on: &canvas)
            if slot.offset == 0 {
                let bar = String(repeating: "━", count: slot.box.width)
                canvas.write(bar, x: slot.box.x, y: slot.box.maxY, width: slot.box.width, style: Style(bold: true))
            }
        }
    }

    static func drawTopBar(_ photo: Photo, marked: Bool = false, layout: AppLayout, bar: Rect,
                           on canvas: inout Canvas) {
        let style = Style(bold: true)
        canvas.fill(bar, style: style)
        if let close = layout.closeButton {
            canvas.write(closeLabel, x: close.x + 1, y: bar.y, width: close.width - 1, style: style)
        }
        var nameEnd = bar.maxX
        if let share = layout.shareButton {
            canvas.write(shareLabel, x: share.x + 1, y: bar.y, width: share.width - 1, style: style)
            nameEnd = share.x
        }
        // Centred on the whole bar, as in the app, but never over the buttons.
        let start = (layout.closeButton?.maxX ?? bar.x) + 1
        let room = max(0, nameEnd - 1 - start)
        let credit = (marked ? GridView.markLabel : "") + TerminalText.sanitized(photo.credit)
        let name = TerminalText.truncated(credit, toWidth: room)
        let width = TerminalText.displayWidth(name)
        let x = min(max(bar.x + (bar.width - width) / 2, start), start + room - width)
        canvas.write(name, x: x, y: bar.y, width: room, style: style)
    }
}
