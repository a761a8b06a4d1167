import PhotoPagerBase

/// The whole screen as a pure function of the state: what the shell hands to the frame writer.
public enum AppView {
    /// The frame for `state`: the grid or the pager (or the fullscreen photo), the info panel,
    /// the status line, then the key map on top.
    public static func frame(for state: AppState) -> Frame {
        var canvas = Canvas(columns: state.screen.columns, rows: state.screen.rows)
        switch state.mode {
        case .grid: GridView.draw(state, on: &canvas)
        case .pager: PagerView.draw(state, on: &canvas)
        }
        let fullscreen = state.mode == .pager && state.pager.isFullscreen
        if !fullscreen {
            if state.chrome.info.isShown { InfoPanelView.draw(state, on: &canvas) }
            StatusLine.draw(state, on: &canvas)
        }
        if state.chrome.keyMap.isShown { KeyMapView.draw(state, on: &canvas) }
        return canvas.frame
    }

    /// The images on screen now, in drawing order: exactly what the shell must have encoded for
    /// this frame. Each is a content a `.decode` effect asked for and the shell reported decoded.
    public static func visibleImages(for state: AppState) -> [ImageContent] {
        frame(for: state).images.map(\.content)
    }
}
