/// The `?` overlay: the keys for the current mode in a centred box. Images under the box are
/// dropped for as long as it is open (text under an image would never be seen).
enum KeyMapView {
    static func entries(for mode: AppState.Mode) -> [(keys: String, action: String)] {
        let common: [(String, String)] = [
            ("s", "share (stdout, clipboard)"), ("i", "info panel"), ("↑↓ ⏎ → ←", "info rows: move, expand, collapse"),
            ("?", "this help"), ("Ctrl-L", "redraw"), ("Ctrl-Z", "suspend"), ("Ctrl-C", "quit"),
        ]
        switch mode {
        case .grid:
            return [("←↑↓→ hjkl", "move"), ("PgUp PgDn", "page"), ("Home End g G", "first, last"),
                    ("⏎ click", "open"), ("f", "open full screen"), ("wheel", "scroll")]
                + common + [("q", "quit")]
        case .pager:
            return [("← → h l wheel", "previous, next"), ("g G", "first, last"), ("f click", "full screen"),
                    ("esc q ↓ j", "back to the grid")] + common
        }
    }

    static func draw(_ state: AppState, on canvas: inout Canvas) {
        let entries = entries(for: state.mode)
        let keysWidth = entries.map { TerminalText.displayWidth($0.keys) }.max() ?? 0
        let textWidth = entries.map { keysWidth + 2 + TerminalText.displayWidth($0.action) }.max() ?? 0
        let screen = canvas.bounds
        let width = min(screen.width, textWidth + 4)
        let height = min(screen.height, entries.count + 2)
        let box = GridLayout.Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2,
                                  width: width, height: height)
        guard !box.isEmpty else { return }
        canvas.removeImages(overlapping: box)
        canvas.fill(box)
        canvas.border(box, style: Style(dim: true))
        canvas.write(" Keys ", x: box.x + 2, y: box.y, width: box.width - 4, style: Style(bold: true))
        for (offset, entry) in entries.prefix(max(0, box.height - 2)).enumerated() {
            let line = entry.keys.padding(toWidth: keysWidth) + "  " + entry.action
            canvas.write(line, x: box.x + 2, y: box.y + 1 + offset, width: box.width - 4)
        }
    }
}
