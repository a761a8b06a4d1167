import PhotoPagerBase

/// The terminal's size from `TIOCGWINSZ`: cells, and pixels when the terminal reports them.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    /// The text area in pixels; 0 when the terminal does not say (many don't, e.g. tmux, the
    /// Linux console, older VTE) — then the probe asks with `CSI 16 t`.
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// One cell in pixels, when the pixel size is known.
    public var cellPixelSize: PixelSize? {
        guard columns > 0, rows > 0, pixelWidth >= columns, pixelHeight >= rows else { return nil }
        return PixelSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }

    public var description: String { "\(columns)×\(rows) cells, \(pixelWidth)×\(pixelHeight) px" }

    /// This size, or where the terminal says none (0×0: a pty nobody sized, as `script` makes
    /// from a pipe) `COLUMNS`×`LINES`, else 80×24, so there is a screen to draw on.
    public func orDefault(environment: [String: String]) -> TerminalSize {
        guard columns <= 0 || rows <= 0 else { return self }
        func positive(_ name: String, _ fallback: Int) -> Int {
            environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? fallback
        }
        return TerminalSize(columns: positive("COLUMNS", 80), rows: positive("LINES", 24))
    }
}
