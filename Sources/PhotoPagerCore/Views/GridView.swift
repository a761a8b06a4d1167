import PhotoPagerBase

/// The grid of thumbnails: each photo aspect-fit in its box (or its placeholder / error tile),
/// the photographer's name under it, the selection highlighted.
enum GridView {
    static func draw(_ state: AppState, on canvas: inout Canvas) {
        let area = state.layout.gridArea
        guard !state.photos.isEmpty else {
            canvas.writeCentered("No photos", in: Rect(x: area.x, y: area.y + area.height / 2,
                                                                  width: area.width, height: 1))
            return
        }
        for tile in state.visibleGridTiles {
            PhotoTile.draw(state, index: tile.index, fit: tile.fit, clip: area, on: &canvas)
            drawCaption(state.photos[tile.index], in: tile.caption, clip: area,
                        selected: tile.index == state.grid.selectedIndex, marked: state.isMarked(tile.index), on: &canvas)
        }
    }

    /// Written before a marked photo's name, in the grid and the pager's top bar.
    static let markLabel = "✓ "

    /// The name, centred; the selected item's caption is a reverse-video bar with a `▶` marker,
    /// visible even while its photo is still a placeholder of the same colour as its neighbours.
    /// A marked photo's name has a `✓` and is not dimmed; a rated one its stars (`★4`), a
    /// rejected one `✕`.
    static func drawCaption(_ photo: Photo, in rect: Rect, clip: Rect, selected: Bool,
                            marked: Bool = false, on canvas: inout Canvas) {
        guard rect.height > 0, let visible = rect.intersection(clip) else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        guard visible.contains(column: visible.x, row: row.y) else { return }
        let name = (marked ? markLabel : "") + (photo.ratingMark.map { $0 + " " } ?? "") + TerminalText.sanitized(photo.caption)
        if selected {
            let style = Style(bold: true, reverse: true)
            canvas.fill(row, style: style)
            canvas.writeCentered("▶ " + name, in: row, style: style)
        } else {
            canvas.writeCentered(name, in: row, style: marked ? Style(bold: true) : Style(dim: true))
        }
    }
}
