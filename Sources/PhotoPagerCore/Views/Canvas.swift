import PhotoPagerBase

/// The one painter every view writes through: it turns untrusted strings into frame cells.
///
/// Why one helper: every text path (photographer names, descriptions, URLs, reasons) must be
/// sanitised, measured by display width and clipped, and wide characters must keep the frame's
/// invariant (the cell after a wide character is its continuation). Doing that once here means a
/// hostile name cannot reach a cell through a view that forgot a step.
struct Canvas {
    private(set) var frame: Frame

    init(columns: Int, rows: Int) {
        frame = Frame(columns: columns, rows: rows)
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: frame.columns, height: frame.rows) }

    /// Writes `text` from column `x` of `row`, sanitised and cut (with "…") to `width` columns and
    /// to the frame. Returns the columns used. Zero-width clusters are dropped: alone in a cell
    /// they would merge into the neighbour on screen.
    @discardableResult
    mutating func write(_ text: String, x: Int, y: Int, width: Int? = nil,
                        style: Style = Style(), link: String? = nil) -> Int {
        guard y >= 0, y < frame.rows, x < frame.columns else { return 0 }
        let available = min(width ?? Int.max, frame.columns - x)
        let fitted = TerminalText.truncated(TerminalText.sanitized(text), toWidth: available)
        var column = x
        for character in fitted {
            let cellWidth = TerminalText.displayWidth(of: character)
            guard cellWidth > 0 else { continue }
            if column >= 0 {
                put(Cell(character, style: style, link: link), column: column, row: y)
                if cellWidth == 2 {
                    put(Cell(" ", style: style, link: link, isContinuation: true), column: column + 1, row: y)
                }
            }
            column += cellWidth
        }
        return column - x
    }

    /// `text` centred in `rect`'s first row (left-aligned when it does not fit).
    @discardableResult
    mutating func writeCentered(_ text: String, in rect: Rect, style: Style = Style()) -> Int {
        let textWidth = min(TerminalText.displayWidth(TerminalText.sanitized(text)), rect.width)
        return write(text, x: rect.x + (rect.width - textWidth) / 2, y: rect.y, width: rect.width, style: style)
    }

    /// `text` ending at the right edge of `rect`'s first row.
    @discardableResult
    mutating func writeRight(_ text: String, in rect: Rect, style: Style = Style()) -> Int {
        let textWidth = min(TerminalText.displayWidth(TerminalText.sanitized(text)), rect.width)
        return write(text, x: rect.maxX - textWidth, y: rect.y, width: textWidth, style: style)
    }

    /// Fills `rect` (clipped to the frame) with `character` in `style`.
    mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = Style()) {
        guard let clipped = rect.intersection(bounds) else { return }
        for row in clipped.y..<clipped.maxY {
            for column in clipped.x..<clipped.maxX {
                put(Cell(character, style: style), column: column, row: row)
            }
        }
    }

    /// Sets the style of the cells in `rect` without touching their text (highlighting).
    mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        guard let clipped = rect.intersection(bounds) else { return }
        for row in clipped.y..<clipped.maxY {
            for column in clipped.x..<clipped.maxX {
                change(&frame[column, row].style)
            }
        }
    }

    /// A single-line box border around `rect`.
    mutating func border(_ rect: Rect, style: Style = Style()) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        for column in rect.x + 1..<rect.maxX - 1 {
            put(Cell("─", style: style), column: column, row: rect.y)
            put(Cell("─", style: style), column: column, row: rect.maxY - 1)
        }
        for row in rect.y + 1..<rect.maxY - 1 {
            put(Cell("│", style: style), column: rect.x, row: row)
            put(Cell("│", style: style), column: rect.maxX - 1, row: row)
        }
        put(Cell("┌", style: style), column: rect.x, row: rect.y)
        put(Cell("┐", style: style), column: rect.maxX - 1, row: rect.y)
        put(Cell("└", style: style), column: rect.x, row: rect.maxY - 1)
        put(Cell("┘", style: style), column: rect.maxX - 1, row: rect.maxY - 1)
    }

    mutating func place(_ image: ImagePlacement) {
        frame.images.append(image)
    }

    /// Removes the images overlapping `rect`: text drawn over an image would never be seen,
    /// because the writer skips cells under images.
    mutating func removeImages(overlapping rect: Rect) {
        frame.images.removeAll { $0.rect.intersection(rect) != nil }
    }

    /// Writes one cell, repairing a wide character it cuts in half: overwriting either half of a
    /// wide character blanks the other half, so no orphan continuation cell is ever left.
    private mutating func put(_ cell: Cell, column: Int, row: Int) {
        guard column >= 0, column < frame.columns, row >= 0, row < frame.rows else { return }
        let old = frame[column, row]
        if old.isContinuation, column > 0, !cell.isContinuation {
            frame[column - 1, row] = Cell(" ", style: frame[column - 1, row].style)
        }
        if !old.isContinuation, column + 1 < frame.columns, frame[column + 1, row].isContinuation {
            frame[column + 1, row] = Cell(" ", style: frame[column + 1, row].style)
        }
        frame[column, row] = cell
    }
}
