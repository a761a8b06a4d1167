import PhotoPagerBase

extension VirtualScreen: VTParserHandler {
    mutating func print(_ scalar: Unicode.Scalar) {
        if scalar.value >= 0x80, joinPrevious(scalar) { return }
        let character = Character(scalar)
        let width = TerminalText.displayWidth(of: character)
        guard width > 0 else { return } // nothing to join: a lone mark is dropped
        if pendingWrap && modes.contains(7) {
            cursor.column = 0
            lineFeed()
        }
        pendingWrap = false
        if width == 2 && cursor.column == columns - 1 {
            // A wide character does not fit in the last column: xterm wraps it whole.
            guard modes.contains(7) else { return }
            cursor.column = 0
            lineFeed()
        }
        put(Cell(character, style: style, link: link), width: width, at: cursor)
        lastPrinted = cursor
        advance(by: width)
    }

    mutating func execute(_ control: UInt8) {
        lastPrinted = nil
        switch control {
        case 0x08:
            pendingWrap = false
            cursor.column = max(0, cursor.column - 1)
        case 0x09:
            pendingWrap = false
            cursor.column = min(columns - 1, (cursor.column / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C:
            pendingWrap = false
            lineFeed()
        case 0x0D:
            pendingWrap = false
            cursor.column = 0
        default:
            break
        }
    }

    /// A zero-width or extending scalar becomes part of the character printed just before it when
    /// the two form one grapheme cluster (é as e + U+0301, ❤️ as U+2764 + VS16, ZWJ sequences,
    /// flags). VS16 can make the character wide: it then takes the next cell too.
    private mutating func joinPrevious(_ scalar: Unicode.Scalar) -> Bool {
        guard let last = lastPrinted else { return false }
        let index = last.row * columns + last.column
        let old = buffer.cells[index].character
        let joined = String(old) + String(scalar)
        guard joined.count == 1, let character = joined.first else { return false }
        buffer.cells[index].character = character
        let wasWide = last.column + 1 < columns && buffer.cells[index + 1].isContinuation
        if !wasWide, TerminalText.displayWidth(of: character) == 2, !pendingWrap,
           cursor == Position(column: last.column + 1, row: last.row) {
            put(buffer.cells[index], width: 2, at: last)
            advance(by: 1)
        }
        return true
    }

    private mutating func advance(by width: Int) {
        let next = cursor.column + width
        if next >= columns {
            cursor.column = columns - 1
            pendingWrap = true
        } else {
            cursor.column = next
        }
    }

    /// Writes a character of `width` cells at `position`, splitting any wide character it lands
    /// on half of, and removing image pixels there.
    mutating func put(_ cell: Cell, width: Int, at position: Position) {
        let base = position.row * columns
        let end = min(columns, position.column + width)
        breakWideCharacters(row: position.row, from: position.column, to: end)
        buffer.cells[base + position.column] = cell
        if width == 2, position.column + 1 < columns {
            var right = cell
            right.character = " "
            right.isContinuation = true
            buffer.cells[base + position.column + 1] = right
        }
    }

    /// Before cells `from..<to` of `row` are replaced: a wide character straddling either edge
    /// loses its other half too (it becomes a blank), as in xterm.
    mutating func breakWideCharacters(row: Int, from: Int, to: Int) {
        let base = row * columns
        if from > 0, from < columns, buffer.cells[base + from].isContinuation {
            buffer.cells[base + from - 1].character = " "
        }
        if to < columns, buffer.cells[base + to].isContinuation {
            buffer.cells[base + to].character = " "
            buffer.cells[base + to].isContinuation = false
        }
    }

    /// Index (LF): down one row, scrolling at the bottom.
    mutating func lineFeed() {
        if cursor.row >= rows - 1 {
            scrollUp(1)
        } else {
            cursor.row += 1
        }
    }

    /// Moves the active screen's contents up `count` rows, blank rows entering at the bottom;
    /// images move with their cells.
    mutating func scrollUp(_ count: Int) {
        let count = min(count, rows)
        guard count > 0 else { return }
        buffer.cells.removeFirst(count * columns)
        buffer.cells += Array(repeating: blank(), count: count * columns)
        for serial in buffer.pixelImages.keys { buffer.pixelImages[serial]?.rect.y -= count }
        buffer.kittyPlacements = buffer.kittyPlacements.compactMap { placement in
            var moved = placement
            moved.rect.y -= count
            return moved.rect.maxY > 0 ? moved : nil
        }
        scrolledLines += count
        lastPrinted = nil
    }

    /// A blank cell as erases leave it: the current background colour (xterm's BCE), no link.
    func blank() -> Cell {
        Cell(" ", style: Style(background: style.background))
    }

    /// Erases cells `from..<to` of `row`.
    mutating func erase(row: Int, from: Int, to: Int) {
        let from = max(0, from), to = min(columns, to)
        guard from < to, row >= 0, row < rows else { return }
        breakWideCharacters(row: row, from: from, to: to)
        let fill = blank()
        for column in from..<to { buffer.cells[row * columns + column] = fill }
    }
}
