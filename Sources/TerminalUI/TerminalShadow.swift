import PhotoPagerBase

/// What the writer believes the terminal shows, and the primitives that change it while appending
/// the bytes that do so. Keeping the belief and the bytes in one place is what lets the diff skip
/// cursor moves, SGRs and cells that are already right.
///
/// "Unknown" (`nil`) is a first-class state: cells under a pixel image, the cursor after an image
/// or after the last column (pending wrap), the SGR after foreign bytes. Unknown never equals a
/// wanted value, so the next frame rewrites it.
struct TerminalShadow: Sendable {
    struct Position: Sendable, Equatable {
        var column: Int
        var row: Int
    }

    let columns: Int
    let rows: Int
    /// Row-major; `nil` = unknown.
    var cells: [Cell?]
    /// Per cell, the draw number of the image whose pixels are there (0: none). An image is intact
    /// only while it still owns its cells.
    var owners: [Int]
    var cursor: Position?
    var style: Style?
    /// The OSC 8 target currently open, if any; closed at the end of every frame.
    var link: String?

    /// A freshly cleared screen: all blank, cursor home, default style.
    init(blankColumns columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell.blank, count: columns * rows)
        owners = Array(repeating: 0, count: columns * rows)
        cursor = Position(column: 0, row: 0)
        style = Style()
    }

    mutating func moveCursor(column: Int, row: Int, into out: inout [UInt8]) {
        let target = Position(column: column, row: row)
        guard cursor != target else { return }
        OutputSequence.appendCursorPosition(column: column, row: row, to: &out)
        cursor = target
    }

    mutating func setStyle(_ wanted: Style, encoder: StyleEncoder, into out: inout [UInt8]) {
        guard style != wanted else { return }
        encoder.append(wanted, to: &out)
        style = wanted
    }

    mutating func setLink(_ wanted: String?, into out: inout [UInt8]) {
        guard link != wanted else { return }
        if link != nil { out.append(contentsOf: OutputSequence.closeHyperlink) }
        if let wanted { OutputSequence.appendOpenHyperlink(wanted, to: &out) }
        link = wanted
    }

    /// Writes one desired cell (and, for a wide character, claims the next cell too).
    mutating func write(_ desired: DesiredCell, column: Int, row: Int, encoder: StyleEncoder, into out: inout [UInt8]) {
        let base = row * columns
        let end = column + desired.width
        // Overwriting half of a wide character erases all of it in real terminals; forget the
        // other half so it is rewritten if it is still wanted.
        for x in column..<end {
            if x + 1 >= end, x + 1 < columns, cells[base + x + 1]?.isContinuation == true {
                cells[base + x + 1] = nil
            }
            if x == column, x > 0, cells[base + x]?.isContinuation == true {
                cells[base + x - 1] = nil
            }
        }
        moveCursor(column: column, row: row, into: &out)
        setLink(desired.cell.link, into: &out)
        setStyle(desired.cell.style, encoder: encoder, into: &out)
        out.append(contentsOf: String(desired.cell.character).utf8)
        cells[base + column] = desired.cell
        owners[base + column] = 0
        if desired.width == 2 {
            cells[base + column + 1] = DesiredCell.continuation
            owners[base + column + 1] = 0
        }
        // At the right margin the terminal is in "pending wrap", where cursor movement differs
        // between terminals; treating it as unknown forces an explicit CUP.
        cursor = end < columns && !desired.isWidthAmbiguous ? Position(column: end, row: row) : nil
    }

    /// Records that foreign bytes (an image) were written over `rect`, drawn as number `owner`.
    mutating func markImage(_ rect: Rect, owner: Int) {
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX {
                cells[row * columns + column] = nil
                owners[row * columns + column] = owner
            }
        }
        cursor = nil
        style = nil
    }

    /// Resets the SGR to the default unless it already is (images must not inherit text colours).
    mutating func resetStyle(into out: inout [UInt8]) {
        guard style != Style() else { return }
        out.append(contentsOf: OutputSequence.resetStyle)
        style = Style()
    }
}
