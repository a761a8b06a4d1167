import PhotoPagerBase
import TestSupport

extension Frame {
    /// Writes `text` from (`column`, `row`) as a view would: one cell per character, wide
    /// characters marking the next cell as continuation. Text past the right edge is dropped.
    mutating func put(_ text: String, column: Int, row: Int, style: Style = Style(), link: String? = nil) {
        var x = column
        for character in text {
            let width = TerminalText.displayWidth(of: character)
            guard width > 0, x + width <= columns else { continue }
            self[x, row] = Cell(character, style: style, link: link)
            if width == 2 { self[x + 1, row] = Cell(" ", style: style, link: link, isContinuation: true) }
            x += width
        }
    }

    /// A frame showing `lines` from the top-left.
    static func lines(_ lines: [String], columns: Int, rows: Int) -> Frame {
        var frame = Frame(columns: columns, rows: rows)
        for (row, line) in lines.enumerated() where row < rows { frame.put(line, column: 0, row: row) }
        return frame
    }
}

/// Every cell where `screen` differs from what `frame` asks for, outside `skipping` (image boxes),
/// as readable lines; empty when the screen shows the frame exactly.
func mismatches(_ screen: VirtualScreen, _ frame: Frame, skipping: [Rect] = []) -> [String] {
    var problems: [String] = []
    for row in 0..<frame.rows {
        for column in 0..<frame.columns where !skipping.contains(where: { $0.contains(column: column, row: row) }) {
            let want = frame[column, row]
            let got = screen.cell(column, row)
            let same: Bool
            if want.isContinuation {
                same = got.isContinuation
            } else {
                same = !got.isContinuation && got.character == want.character && got.style == want.style
                    && got.link == want.link && got.imageSerial == nil
            }
            if !same { problems.append("(\(column),\(row)): want \(want.character) \(want.style) link=\(want.link ?? "-"), got \(got)") }
        }
    }
    return problems
}

/// Finds `needle` in `bytes`.
func count(_ needle: String, in bytes: [UInt8]) -> Int {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return 0 }
    var found = 0
    var index = 0
    while index <= bytes.count - pattern.count {
        if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
            found += 1
            index += pattern.count
        } else {
            index += 1
        }
    }
    return found
}

/// The SGR sequences (`ESC [ … m`) in `bytes`, as their parameter strings.
func sgrSequences(in bytes: [UInt8]) -> [String] {
    csiSequences(in: bytes, final: UInt8(ascii: "m"))
}

/// The CSI sequences with `final` in `bytes`, as their parameter strings.
func csiSequences(in bytes: [UInt8], final: UInt8) -> [String] {
    var found: [String] = []
    var index = 0
    while index + 1 < bytes.count {
        guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
            index += 1
            continue
        }
        var end = index + 2
        while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == final {
            found.append(String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
        }
        index = end
    }
    return found
}

extension Frame {
    /// The frame as it should look around images in `boxes`: a wide character cut in half by a
    /// box edge shows as a space (the writer's documented rule), on whichever side is visible.
    func clippingWideCharacters(at boxes: [Rect]) -> Frame {
        var result = self
        func covered(_ column: Int, _ row: Int) -> Bool { boxes.contains { $0.contains(column: column, row: row) } }
        for row in 0..<rows {
            for column in 0..<columns where !covered(column, row) {
                let cell = self[column, row]
                let cutLeader = !cell.isContinuation && column + 1 < columns && self[column + 1, row].isContinuation
                    && covered(column + 1, row)
                let cutTail = cell.isContinuation && column > 0 && covered(column - 1, row)
                if cutLeader || cutTail { result[column, row] = Cell(" ", style: cell.style, link: cell.link) }
            }
        }
        return result
    }
}
