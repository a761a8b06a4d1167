import PhotoPagerBase

extension VirtualScreen {
    mutating func csiDispatch(params: [Int], intermediates: [UInt8], final: UInt8) {
        let marker = intermediates.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let others = intermediates.filter { !(0x3C...0x3F).contains($0) }
        guard others.isEmpty else { return } // DECSCUSR and friends: not modelled
        if marker == UInt8(ascii: "?") {
            if final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
                for mode in params { setPrivateMode(mode, on: final == UInt8(ascii: "h")) }
            }
            return
        }
        guard marker == nil else { return }
        lastPrinted = nil
        /// Parameter `index`, with 0 or missing meaning `fallback`.
        func count(_ index: Int = 0, _ fallback: Int = 1) -> Int {
            index < params.count && params[index] != 0 ? params[index] : fallback
        }
        switch Character(Unicode.Scalar(final)) {
        case "A": moveCursor(column: cursor.column, row: cursor.row - count())
        case "B", "e": moveCursor(column: cursor.column, row: cursor.row + count())
        case "C", "a": moveCursor(column: cursor.column + count(), row: cursor.row)
        case "D": moveCursor(column: cursor.column - count(), row: cursor.row)
        case "E": moveCursor(column: 0, row: cursor.row + count())
        case "F": moveCursor(column: 0, row: cursor.row - count())
        case "G", "`": moveCursor(column: count() - 1, row: cursor.row)
        case "d": moveCursor(column: cursor.column, row: count() - 1)
        case "H", "f": moveCursor(column: count(1) - 1, row: count(0) - 1)
        case "J": eraseInDisplay(params.first ?? 0)
        case "K": eraseInLine(params.first ?? 0)
        case "X":
            pendingWrap = false
            erase(row: cursor.row, from: cursor.column, to: cursor.column + count())
        case "m": selectGraphicRendition(params)
        case "s": saveCursor()
        case "u": restoreCursor()
        default: break
        }
    }

    mutating func moveCursor(column: Int, row: Int) {
        pendingWrap = false
        lastPrinted = nil
        cursor = Position(column: min(max(0, column), columns - 1), row: min(max(0, row), rows - 1))
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0:
            erase(row: cursor.row, from: cursor.column, to: columns)
            for row in (cursor.row + 1)..<rows { erase(row: row, from: 0, to: columns) }
        case 1:
            for row in 0..<cursor.row { erase(row: row, from: 0, to: columns) }
            erase(row: cursor.row, from: 0, to: cursor.column + 1)
        case 2, 3:
            for row in 0..<rows { erase(row: row, from: 0, to: columns) }
            buffer.layerImages = []
        default: break
        }
    }

    private mutating func eraseInLine(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0: erase(row: cursor.row, from: cursor.column, to: columns)
        case 1: erase(row: cursor.row, from: 0, to: cursor.column + 1)
        case 2: erase(row: cursor.row, from: 0, to: columns)
        default: break
        }
    }

    private mutating func selectGraphicRendition(_ params: [Int]) {
        let params = params.isEmpty ? [0] : params
        var index = 0
        func extendedColor() -> Color? {
            guard index + 1 < params.count else { return nil }
            let byte = { (value: Int) in UInt8(min(255, value)) }
            if params[index + 1] == 5, index + 2 < params.count {
                index += 2
                return .indexed(byte(params[index]))
            }
            if params[index + 1] == 2, index + 4 < params.count {
                index += 4
                return .rgb(byte(params[index - 2]), byte(params[index - 1]), byte(params[index]))
            }
            return nil
        }
        while index < params.count {
            let value = params[index]
            switch value {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .indexed(UInt8(value - 30))
            case 90...97: style.foreground = .indexed(UInt8(value - 90 + 8))
            case 39: style.foreground = .default
            case 40...47: style.background = .indexed(UInt8(value - 40))
            case 100...107: style.background = .indexed(UInt8(value - 100 + 8))
            case 49: style.background = .default
            case 38: if let color = extendedColor() { style.foreground = color }
            case 48: if let color = extendedColor() { style.background = color }
            default: break
            }
            index += 1
        }
    }

    private mutating func setPrivateMode(_ mode: Int, on: Bool) {
        switch mode {
        case 1049, 1047, 47:
            if on && !isAlternateScreen {
                if mode == 1049 { savedCursorForAlternateScreen = currentCursor() }
                swap(&buffer, &otherBuffer)
                buffer = Buffer(columns: columns, rows: rows)
                isAlternateScreen = true
            } else if !on && isAlternateScreen {
                swap(&buffer, &otherBuffer)
                isAlternateScreen = false
                if mode == 1049, let saved = savedCursorForAlternateScreen { restore(saved) }
            }
        default:
            break
        }
        if on { modes.insert(mode) } else { modes.remove(mode) }
    }

    func currentCursor() -> SavedCursor {
        SavedCursor(position: cursor, style: style, pendingWrap: pendingWrap)
    }

    mutating func saveCursor() { savedCursor = currentCursor() }

    mutating func restoreCursor() { restore(savedCursor ?? SavedCursor(position: .init(column: 0, row: 0), style: Style(), pendingWrap: false)) }

    private mutating func restore(_ saved: SavedCursor) {
        cursor = saved.position
        style = saved.style
        pendingWrap = saved.pendingWrap
        lastPrinted = nil
    }
}
