import PhotoPagerBase

/// Where each part of the screen goes, for one terminal size and set of toggles.
///
/// Why one shared value: `update` sizes decodes from these rects and the views place images in
/// them; if the two computed them separately, a decoded image could miss its placement by a pixel
/// and never be shown. Rects are in absolute screen cells.
///
/// - Grid: the grid fills everything above the status line (left of the info panel when open).
/// - Pager: the top bar (`✕`, name, `↗ share`) on row 0, the photo between it and the status line.
/// - Fullscreen: the photo gets the whole terminal; no bar, no status line, no panel.
/// Small terminals lose chrome first (status line below 2 rows, top bar below 3), never the photo.
public struct AppLayout: Sendable, Hashable {
    public let screen: Rect
    public let gridArea: Rect
    public let pagerPhotoArea: Rect
    /// Row 0 in the pager; nil in fullscreen or when the terminal is too short for chrome.
    public let topBar: Rect?
    public let statusLine: Rect?
    /// Width of the info panel when open (0 when closed or fullscreen).
    public let panelWidth: Int
    /// The pager's filmstrip under the photo (`t`), when on, not fullscreen and there is room.
    public let filmstrip: Rect?

    public init(screen size: AppState.Screen, showsInfoPanel: Bool, isFullscreen: Bool, showsFilmstrip: Bool = false) {
        let columns = size.columns, rows = size.rows
        screen = Rect(x: 0, y: 0, width: columns, height: rows)
        let status = rows >= 2 ? Rect(x: 0, y: rows - 1, width: columns, height: 1) : nil
        let chromeRows = status == nil ? 0 : 1
        let panel = showsInfoPanel ? Self.panelWidth(columns: columns) : 0
        gridArea = Rect(x: 0, y: 0, width: columns - panel, height: rows - chromeRows)
        if isFullscreen {
            topBar = nil
            statusLine = nil
            panelWidth = 0
            pagerPhotoArea = screen
            filmstrip = nil
        } else {
            let bar = rows >= 3 ? Rect(x: 0, y: 0, width: columns, height: 1) : nil
            let top = bar == nil ? 0 : 1
            topBar = bar
            statusLine = status
            panelWidth = panel
            let photoRows = rows - top - chromeRows
            // The strip only where the photo keeps at least twice its height.
            let strip = showsFilmstrip && photoRows >= 3 * Filmstrip.rows
            filmstrip = strip ? Rect(x: 0, y: top + photoRows - Filmstrip.rows, width: columns - panel, height: Filmstrip.rows) : nil
            pagerPhotoArea = Rect(x: 0, y: top, width: columns - panel, height: photoRows - (strip ? Filmstrip.rows : 0))
        }
    }

    /// About two fifths of the width, at least 30 columns, never more than half the terminal.
    static func panelWidth(columns: Int) -> Int {
        min(columns / 2, max(30, columns * 2 / 5))
    }

    /// The info panel's rect in `mode`, or nil when it is closed.
    public func infoPanel(in mode: AppState.Mode) -> Rect? {
        guard panelWidth > 0 else { return nil }
        let top = mode == .pager ? (topBar == nil ? 0 : 1) : 0
        let bottom = statusLine?.y ?? screen.height
        return Rect(x: screen.width - panelWidth, y: top, width: panelWidth, height: bottom - top)
    }

    /// The `✕` button at the left of the top bar (also a click target).
    public var closeButton: Rect? {
        topBar.map { Rect(x: 0, y: $0.y, width: min(3, $0.width), height: 1) }
    }

    /// The `↗ share` button at the right of the top bar, when the bar has room for it.
    public var shareButton: Rect? {
        guard let bar = topBar, bar.width >= 20 else { return nil }
        return Rect(x: bar.maxX - 9, y: bar.y, width: 9, height: 1)
    }
}
