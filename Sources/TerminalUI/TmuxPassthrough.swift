import PhotoPagerBase
import TerminalGraphics

/// Graphics for the terminal around tmux. tmux (3.3, `allow-passthrough on`) hands the body of
/// `ESC P tmux; … ESC \` — with every ESC in it doubled — to the outer terminal as it is,
/// wherever the outer cursor happens to be: tmux moves that cursor lazily, when it next draws
/// a cell, so a cursor move in the pane before the sequence does not place it. Each image
/// therefore carries its own cursor move inside the passthrough, in the outer terminal's
/// coordinates: the pane's `origin` plus the image's cell.
///
/// A passthrough sequence longer than 1 MiB is dropped without a word, so a big sixel goes as
/// several smaller ones: whole bands, each piece with the palette and its own cursor move, its
/// height a multiple of both 6 (a band) and the cell height (so a cursor move can reach it).
/// Every kitty command (each chunk of an upload) is wrapped on its own.
public enum TmuxPassthrough {
    /// Pieces stay well under tmux's 1 MiB limit.
    public static let largestPiece = 256 << 10

    /// `frame` for a terminal behind tmux, our pane's top-left cell at `origin` on it (0-based):
    /// its sixels split, placed and wrapped, its kitty placements placed and wrapped, its other
    /// kitty commands wrapped; text passes as it is. Wrapped sixels can no longer be cut short,
    /// so the frame reports none.
    public static func frame(_ frame: RenderedFrame, cellHeight: Int, origin: (column: Int, row: Int)) -> RenderedFrame {
        var images: [(bytes: Range<Int>, wrapped: [UInt8])] = frame.sixels.map { sixel in
            let pieces = pieces(of: frame.bytes[sixel.bytes], cellHeight: cellHeight).flatMap { piece in
                Passthrough.tmux((cursorPosition(origin, sixel.rect.x, sixel.rect.y + piece.row) + piece.bytes)[...])
            }
            return (sixel.bytes, pieces)
        }
        images += frame.placements.map { placement in
            let command = cursorPosition(origin, placement.rect.x, placement.rect.y) + frame.bytes[placement.bytes]
            return (placement.bytes, Passthrough.tmux(command[...]))
        }
        var out: [UInt8] = []
        out.reserveCapacity(frame.bytes.count + 4096)
        var copied = 0
        for image in images.sorted(by: { $0.bytes.lowerBound < $1.bytes.lowerBound }) {
            out += wrappingKittyCommands(frame.bytes[copied ..< image.bytes.lowerBound])
            out += image.wrapped
            copied = image.bytes.upperBound
        }
        out += wrappingKittyCommands(frame.bytes[copied...])
        return RenderedFrame(bytes: out)
    }

    /// `CSI row ; column H` for a cell of the pane, on the outer terminal.
    private static func cursorPosition(_ origin: (column: Int, row: Int), _ x: Int, _ y: Int) -> [UInt8] {
        var out: [UInt8] = []
        OutputSequence.appendCursorPosition(column: origin.column + x, row: origin.row + y, to: &out)
        return out
    }

    /// Every kitty graphics command (`ESC _ G … ESC \`) in `bytes` wrapped on its own.
    public static func wrappingKittyCommands(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let start: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let escape = bytes[i...].firstIndex(of: 0x1B) else { break }
            guard bytes[escape...].starts(with: start), let end = terminator(in: bytes, from: escape + 3) else {
                out += bytes[i ... escape]
                i = escape + 1
                continue
            }
            out += bytes[i ..< escape]
            out += Passthrough.tmux(bytes[escape ..< end])
            i = end
        }
        out += bytes[i...]
        return out
    }

    /// The index just past the `ESC \` that ends the string begun before `from`.
    private static func terminator(in bytes: ArraySlice<UInt8>, from: Int) -> Int? {
        var i = from
        while let escape = bytes[i...].firstIndex(of: 0x1B) {
            if escape + 1 < bytes.endIndex, bytes[escape + 1] == UInt8(ascii: "\\") { return escape + 2 }
            i = escape + 1
        }
        return nil
    }

    /// One photo for `render` behind tmux, drawn at the cursor and `rows` cells tall. The
    /// cursor's row is not known, so the rows are made first (scrolling the pane, never the
    /// outer terminal under the image); printing them leaves tmux's outer cursor at the pane's.
    /// The first piece saves the outer cursor there (DECSC) inside its passthrough; each later
    /// piece restores it and moves down to its own row, also inside, since tmux would not carry
    /// out a move in the pane before the next passthrough. The pane's cursor then moves below.
    public static func oneShot(_ image: [UInt8], kind: RendererKind, rows: Int, cellHeight: Int) -> [UInt8] {
        var out: [UInt8] = Array(repeating: UInt8(ascii: "\n"), count: rows)
        out += cursorMove(rows, "A") + [UInt8(ascii: "\r")]
        switch kind {
        case .sixel:
            for (index, piece) in pieces(of: image[...], cellHeight: cellHeight).enumerated() {
                let place: [UInt8] = index == 0 ? [0x1B, UInt8(ascii: "7")] : [0x1B, UInt8(ascii: "8")] + cursorMove(piece.row, "B")
                out += Passthrough.tmux((place + piece.bytes)[...])
            }
        case .kitty: out += wrappingKittyCommands(image[...])
        default: out += Passthrough.tmux(image[...])
        }
        return out + cursorMove(rows, "B") + [UInt8(ascii: "\r")]
    }

    /// `CSI n A` (up) or `CSI n B` (down); nothing for no move.
    private static func cursorMove(_ rows: Int, _ final: Unicode.Scalar) -> [UInt8] {
        guard rows > 0 else { return [] }
        var out: [UInt8] = Array("\u{1B}[".utf8)
        out.append(decimal: rows)
        out.append(UInt8(ascii: final))
        return out
    }

    /// One sixel (`ESC P … q "1;1;W;H`, palette `#n;2;r;g;b`…, bands split by `-`, `ESC \`) as
    /// pieces of at most `largestPiece` bytes, each a whole sixel, with the cell row (from the
    /// image's top) where it starts. A small sixel is one piece: itself.
    static func pieces(of sixel: ArraySlice<UInt8>, cellHeight: Int) -> [(row: Int, bytes: [UInt8])] {
        guard sixel.count > largestPiece, let layout = SixelLayout(sixel) else { return [(0, Array(sixel))] }
        // Pieces of whole units (a whole number of cell rows), as many units as fit in
        // `largestPiece`, at least one.
        let unit = lcm(6, max(1, cellHeight)) / 6
        var starts: [Int] = [0]
        var size = layout.palette.count
        for first in stride(from: 0, to: layout.bands.count, by: unit) {
            let bytes = layout.bands[first ..< min(first + unit, layout.bands.count)].reduce(0) { $0 + $1.count + 1 }
            if size + bytes > largestPiece, first > starts[starts.count - 1] {
                starts.append(first)
                size = layout.palette.count
            }
            size += bytes
        }
        return starts.enumerated().map { index, first in
            let bands = layout.bands[first ..< (index + 1 < starts.count ? starts[index + 1] : layout.bands.count)]
            let top = first * 6, height = min(bands.count * 6, layout.height - top)
            var piece = layout.introducer
            piece.append(ascii: "\"1;1;")
            piece.append(decimal: layout.width)
            piece.append(UInt8(ascii: ";"))
            piece.append(decimal: height)
            piece += layout.palette
            piece += Array(bands.joined(separator: [UInt8(ascii: "-")]))
            piece += [0x1B, UInt8(ascii: "\\")]
            return (top / max(1, cellHeight), piece)
        }
    }

    private static func lcm(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return a / x * b
    }
}

/// The parts of one of our sixels (``SixelEncoder/document``), for splitting.
struct SixelLayout {
    /// `ESC P … q`.
    var introducer: [UInt8]
    var width: Int
    var height: Int
    /// Every `#n;2;r;g;b` definition.
    var palette: [UInt8]
    /// Each band's data, without the `-` between them.
    var bands: [ArraySlice<UInt8>]

    init?(_ sixel: ArraySlice<UInt8>) {
        guard let q = sixel.firstIndex(of: UInt8(ascii: "q")), sixel[(q + 1)...].first == UInt8(ascii: "\"") else { return nil }
        introducer = Array(sixel[...q])
        // Raster attributes: "1;1;W;H, up to the first '#'.
        guard let paletteStart = sixel[q...].firstIndex(of: UInt8(ascii: "#")) else { return nil }
        let raster = String(decoding: sixel[(q + 2) ..< paletteStart], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard raster.count == 4 else { return nil }
        (width, height) = (raster[2], raster[3])
        // Definitions are `#n;2;…`; the first `#n` not followed by `;` starts the bands.
        var i = paletteStart
        while i < sixel.endIndex, sixel[i] == UInt8(ascii: "#") {
            var j = i + 1
            while j < sixel.endIndex, (48 ... 57).contains(sixel[j]) { j += 1 }
            guard j < sixel.endIndex, sixel[j] == UInt8(ascii: ";") else { break }
            j += 1
            while j < sixel.endIndex, sixel[j] != UInt8(ascii: "#"), sixel[j] != 0x1B { j += 1 }
            i = j
        }
        palette = Array(sixel[paletteStart ..< i])
        guard sixel.count >= 2, sixel[sixel.endIndex - 2] == 0x1B else { return nil }
        bands = sixel[i ..< (sixel.endIndex - 2)].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    }
}
