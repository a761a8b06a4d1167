/// A reply to one of xterm's window-size queries (`CSI 14 t`, `CSI 16 t`, `CSI 18 t`).
///
/// The probe uses these when `TIOCGWINSZ` gives no pixel size; the cell pixel size decides how
/// many image pixels fit a cell. Note the terminal sends height before width; these cases don't.
public enum WindowSizeReport: Hashable, Sendable {
    /// `CSI 4 ; height ; width t`: the text area in pixels.
    case textAreaPixels(width: Int, height: Int)
    /// `CSI 6 ; height ; width t`: one character cell in pixels.
    case cellPixels(width: Int, height: Int)
    /// `CSI 8 ; rows ; columns t`: the text area in cells.
    case textAreaCells(columns: Int, rows: Int)
}
