import PhotoPagerBase

/// A terminal emulator for tests: feed it the bytes a program wrote and assert what a person
/// would see — characters, colours, links, the cursor, modes, images, clipboard writes.
///
/// Modelled on xterm (the terminal the app is checked against by eye), with the parser as a
/// table-driven state machine (``VTParser``) in SwiftTerm's style. It understands what a
/// full-screen app emits; anything else is parsed and ignored, never misprinted or crashed on.
///
/// Behaviours worth knowing:
/// - Printing past the right margin wraps (DECAWM on by default); past the bottom it scrolls the
///   active screen (no scrollback is kept; ``scrolledLines`` counts the lines lost).
/// - Wide characters take two cells; zero-width scalars join the previous character.
/// - A sixel or iTerm2 image covers `ceil(pixels / cellPixelSize)` cells from the cursor and then,
///   as in xterm, leaves the cursor at the image's left column on the row *below* it, scrolling
///   when there is none. Text or erases over a covered cell remove the image there.
/// - Kitty placements are independent of the text: only `a=d` removes them (and scrolling).
/// - With `imagesOnOwnLayer` (Konsole), sixel and iTerm2 images lie on a layer of their own:
///   text and erases leave them; a screen clear (ED 2) or a later image covering the whole box
///   removes them, and a sixel's height is drawn in whole bands of 6 pixels.
public struct VirtualScreen: Sendable {
    public let columns: Int
    public let rows: Int
    /// Used to turn image pixel sizes into cells.
    public let cellPixelSize: PixelSize
    public let imagesOnOwnLayer: Bool

    public internal(set) var cursor = Position(column: 0, row: 0)
    public internal(set) var isAlternateScreen = false
    /// The DEC private modes currently set (`CSI ? n h`), e.g. 25 (cursor visible), 1006, 2004.
    /// Starts with 7 (autowrap) and 25.
    public internal(set) var modes: Set<Int> = [7, 25]
    public internal(set) var clipboard: [ClipboardWrite] = []
    public internal(set) var kittyTransmissions: [KittyTransmission] = []
    public internal(set) var kittyDeletions: [KittyDeletion] = []
    /// Kitty commands that would fail in kitty, e.g. placing an id that was never transmitted.
    public internal(set) var kittyErrors: [String] = []
    /// Every image ever drawn or placed, in order (visible or not now).
    public internal(set) var drawnImages: [Image] = []
    /// Lines scrolled off the top; a full-screen app expects 0.
    public internal(set) var scrolledLines = 0

    var buffer: Buffer
    /// The screen not shown: the main screen while the alternate one is active, and vice versa.
    var otherBuffer: Buffer
    var pendingWrap = false
    var style = Style()
    var link: String?
    var savedCursor: SavedCursor?
    var savedCursorForAlternateScreen: SavedCursor?
    /// The cell the last character went into, while the cursor has not moved since: zero-width
    /// scalars (combining marks, VS16, ZWJ sequences) join it.
    var lastPrinted: Position?
    var nextImageSerial = 1
    var kittyImages: [UInt32: PixelSize?] = [:]
    var pendingKitty: (keys: [String: String], chunks: Int)?
    var sixel: SixelScanner?
    private var parser = VTParser()

    public init(columns: Int, rows: Int, cellPixelSize: PixelSize = .typicalCell, imagesOnOwnLayer: Bool = false) {
        self.imagesOnOwnLayer = imagesOnOwnLayer
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.cellPixelSize = cellPixelSize.orTypicalCell
        buffer = Buffer(columns: self.columns, rows: self.rows)
        otherBuffer = buffer
    }

    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        var parser = self.parser
        for byte in bytes { parser.advance(byte, handler: &self) }
        self.parser = parser
    }

    public mutating func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    public var isCursorVisible: Bool { modes.contains(25) }

    /// The cell at (`column`, `row`); out-of-range positions read as blank.
    public func cell(_ column: Int, _ row: Int) -> Cell {
        guard column >= 0, column < columns, row >= 0, row < rows else { return Cell() }
        return buffer.cells[row * columns + column]
    }

    /// The row's text, continuation cells skipped, trailing spaces trimmed (so tests can compare
    /// with short literals).
    public func text(row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var line = ""
        for column in 0..<columns {
            let cell = buffer.cells[row * columns + column]
            if !cell.isContinuation { line.append(cell.character) }
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's ``text(row:)``.
    public var lines: [String] { (0..<rows).map { text(row: $0) } }

    /// Images visible on the active screen: sixel/iTerm2 ones still covering at least one cell,
    /// then kitty placements.
    public var images: [Image] {
        if imagesOnOwnLayer { return buffer.layerImages + buffer.kittyPlacements }
        let shown = Set(buffer.cells.compactMap(\.imageSerial))
        let pixel = buffer.pixelImages.values.filter { shown.contains($0.serial) }.sorted { $0.serial < $1.serial }
        return pixel + buffer.kittyPlacements
    }
}

extension VirtualScreen: CustomStringConvertible {
    /// A numbered dump of the screen with the cursor and images, for failure messages.
    public var description: String {
        var out = "VirtualScreen \(columns)x\(rows) cursor \(cursor)\(isAlternateScreen ? " alt" : "")\n"
        for row in 0..<rows {
            let number = row < 10 ? "0\(row)" : "\(row)"
            out += "\(number)|\(text(row: row))\n"
        }
        for image in images { out += "  \(image)\n" }
        return out
    }
}
