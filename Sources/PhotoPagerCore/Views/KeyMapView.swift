import PhotoPagerBase

/// The `?` overlay: the keys for the current mode in a centred box, drawn from `Keymap`, in
/// sections. When they do not fit the screen the box scrolls (↓/↑, PgDn/PgUp) and says so on
/// its bottom edge. Images under the box are dropped for as long as it is open (text under an
/// image would never be seen).
enum KeyMapView {
    /// The sections shown in `mode`, in order.
    static func contexts(for mode: AppState.Mode) -> [KeyContext] {
        switch mode {
        case .grid: return [.grid, .common, .prompt, .gridInfoPanel, .everywhere, .keyMap]
        case .pager: return [.pager, .zoomed, .common, .prompt, .infoPanel, .everywhere, .keyMap]
        }
    }

    /// One line of the box: a section title or a binding.
    enum Line: Equatable {
        case title(String)
        case entry(keys: String, help: String)
    }

    static func lines(for mode: AppState.Mode) -> [Line] {
        contexts(for: mode).flatMap { context -> [Line] in
            [.title(context.rawValue)] + Keymap.bindings(in: context).map { .entry(keys: $0.label, help: $0.help) }
        }
    }

    /// The box's rows for the lines (at most the screen less its border).
    private static func visibleRows(_ state: AppState) -> Int {
        max(0, min(state.screen.rows, lines(for: state.mode).count + 2) - 2)
    }

    /// The furthest the box can scroll.
    static func maximumScroll(_ state: AppState) -> Int {
        max(0, lines(for: state.mode).count - visibleRows(state))
    }

    static func draw(_ state: AppState, on canvas: inout Canvas) {
        let lines = lines(for: state.mode)
        let keysWidth = lines.map { if case .entry(let keys, _) = $0 { TerminalText.displayWidth(keys) } else { 0 } }.max() ?? 0
        let textWidth = lines.map { line -> Int in
            switch line {
            case .title(let title): TerminalText.displayWidth(title)
            case .entry(_, let help): keysWidth + 2 + TerminalText.displayWidth(help)
            }
        }.max() ?? 0
        let screen = canvas.bounds
        let width = min(screen.width, textWidth + 4)
        let height = min(screen.height, lines.count + 2)
        let box = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2,
                                  width: width, height: height)
        guard !box.isEmpty else { return }
        canvas.removeImages(overlapping: box)
        canvas.fill(box)
        canvas.border(box, style: Style(dim: true))
        canvas.write(" Keys ", x: box.x + 2, y: box.y, width: box.width - 4, style: Style(bold: true))
        let rows = max(0, box.height - 2)
        let scroll = min(state.chrome.keyMap.scroll, max(0, lines.count - rows))
        for (offset, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
            let y = box.y + 1 + offset
            switch line {
            case .title(let title):
                canvas.write(title, x: box.x + 2, y: y, width: box.width - 4, style: Style(bold: true, underline: true))
            case .entry(let keys, let help):
                canvas.write(keys.padding(toWidth: keysWidth) + "  " + help, x: box.x + 2, y: y, width: box.width - 4)
            }
        }
        // Say which way there is more, on the bottom edge.
        let more = [scroll > 0 ? "↑" : nil, scroll + rows < lines.count ? "↓" : nil].compactMap { $0 }
        if !more.isEmpty {
            let label = " " + more.joined() + " more "
            canvas.write(label, x: box.maxX - 2 - TerminalText.displayWidth(label), y: box.maxY - 1,
                         width: box.width - 4, style: Style(bold: true))
        }
    }
}
