import PhotoPagerBase

/// A frame cell as it will actually be written: a character that is safe and has a known width,
/// and a link that is safe to send. The writer compares these with what it last wrote.
struct DesiredCell: Sendable, Equatable {
    /// What the terminal holds afterwards; `character` is never a control or zero-width.
    var cell: Cell
    /// 1 or 2 columns; a continuation cell has width 0 and is never written on its own.
    var width: Int
    /// True when terminals disagree on the width (emoji, multi-scalar clusters): the writer then
    /// re-positions the cursor explicitly before the next write instead of trusting its count.
    var isWidthAmbiguous: Bool

    /// What the writer remembers for the right half of a wide character.
    static let continuation = Cell(" ", isContinuation: true)
}

/// Turns a row of frame cells into ``DesiredCell``s, defending against whatever the views put
/// there: the frame's cells are *meant* to be sanitised, but the writer is the last line before
/// the terminal, so it never trusts that.
struct CellNormalizer {
    /// The last link sanitised, and its result: a link spans a run of cells, so this avoids
    /// re-sanitising the same URL for every cell of it.
    private var lastLink: (raw: String, safe: String?)?

    /// Desired cells for `row`, `nil` where `covered` (an image is there and the cell is skipped).
    /// A wide character whose right half would be covered or missing, or that sits in the last
    /// column, becomes a space (terminals would wrap it or draw it over the image); a continuation
    /// cell without its wide character becomes a space too.
    mutating func row(_ row: Int, of frame: Frame, covered: [Bool]) -> [DesiredCell?] {
        let columns = frame.columns
        var result = [DesiredCell?](repeating: nil, count: columns)
        var column = 0
        while column < columns {
            let index = row * columns + column
            if covered[index] {
                column += 1
                continue
            }
            let source = frame.cells[index]
            var link: String?
            if let raw = source.link { link = safeLink(raw) }
            var glyph = source.isContinuation ? Glyph.space : Glyph(source.character)
            if glyph.width == 2 {
                let next = column + 1
                let fits = next < columns && frame.cells[index + 1].isContinuation && !covered[index + 1]
                if !fits { glyph = .space }
            }
            result[column] = DesiredCell(
                cell: Cell(glyph.character, style: source.style, link: link),
                width: glyph.width, isWidthAmbiguous: glyph.isWidthAmbiguous)
            if glyph.width == 2 {
                result[column + 1] = DesiredCell(cell: DesiredCell.continuation, width: 0, isWidthAmbiguous: false)
                column += 2
            } else {
                column += 1
            }
        }
        return result
    }

    private mutating func safeLink(_ raw: String) -> String? {
        if let lastLink, lastLink.raw == raw { return lastLink.safe }
        let safe = HyperlinkTarget.sanitized(raw)
        lastLink = (raw, safe)
        return safe
    }
}
