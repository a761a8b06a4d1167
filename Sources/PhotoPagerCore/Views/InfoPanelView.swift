import PhotoPagerBase

/// The info panel: one row per field, `▸ Label  value`; an expanded row (`▾`) shows its full
/// text wrapped under it. The selected row is reverse video and always scrolled into view.
enum InfoPanelView {
    static let labelWidth = 13

    struct Line: Equatable {
        var text: String
        var field: InfoField
        var isHead: Bool
    }

    static func draw(_ state: AppState, on canvas: inout Canvas) {
        guard let rect = state.layout.infoPanel(in: state.mode), let photo = state.currentPhoto else { return }
        canvas.fill(rect)
        for row in rect.y..<rect.maxY { canvas.write("│", x: rect.x, y: row, style: Style(dim: true)) }
        let content = Rect(x: rect.x + 2, y: rect.y, width: max(0, rect.width - 3), height: rect.height)
        canvas.write("Info", x: content.x, y: content.y, width: content.width, style: Style(bold: true))
        let body = Rect(x: content.x, y: content.y + 1, width: content.width, height: content.height - 1)
        guard body.height > 0 else { return }
        let all = lines(for: photo, info: state.chrome.info, width: body.width)
        let first = all.firstIndex { $0.field == state.chrome.info.selected } ?? 0
        let count = all.filter { $0.field == state.chrome.info.selected }.count
        // Scroll just enough for the selected row's head, and as much of its text as fits.
        let offset = max(0, min(first, first + count - body.height))
        for (row, line) in all.dropFirst(offset).prefix(body.height).enumerated() {
            let selected = line.isHead && line.field == state.chrome.info.selected
            let style = selected ? Style(bold: true, reverse: true) : (line.isHead ? Style() : Style(dim: true))
            if selected { canvas.fill(Rect(x: body.x, y: body.y + row, width: body.width, height: 1), style: style) }
            canvas.write(line.text, x: body.x, y: body.y + row, width: body.width, style: style)
        }
    }

    /// The panel's lines at `width` columns: a head per row, plus wrapped text for expanded rows.
    static func lines(for photo: Photo, info: InfoPanelState, width: Int) -> [Line] {
        InfoRow.rows(for: photo).flatMap { row -> [Line] in
            let expanded = info.expanded.contains(row.field)
            let label = row.field.label.padding(toWidth: labelWidth)
            let head = Line(text: (expanded ? "▾ " : "▸ ") + label + " " + (expanded ? "" : row.summary),
                            field: row.field, isHead: true)
            guard expanded else { return [head] }
            let body = TextWrap.lines(row.full, width: max(1, width - 4)).map {
                Line(text: "    " + $0, field: row.field, isHead: false)
            }
            return [head] + body
        }
    }
}

extension String {
    /// Padded with spaces to `width` display columns (unchanged when already as wide).
    func padding(toWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - TerminalText.displayWidth(self)))
    }
}
