/// One screenful, as a value: text cells plus the images placed over them. Views build frames
/// (pure functions of the app state); the frame writer diffs each frame against the last one
/// and sends only what changed. Nothing here knows about escape sequences.
public struct Frame: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// Row-major, `columns * rows` cells.
    public private(set) var cells: [Cell]
    /// Images drawn over the text, in drawing order. Cells under an image are not written.
    public var images: [ImagePlacement] = []

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: Cell.blank, count: self.columns * self.rows)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set {
            guard column >= 0, column < columns, row >= 0, row < rows else { return }
            cells[row * columns + column] = newValue
        }
    }
}

/// One character cell. A wide character (display width 2) occupies its cell and marks the next
/// one as `continuation`, which the writer never writes on its own.
public struct Cell: Sendable, Equatable {
    /// One grapheme cluster, already sanitised (never a control character).
    public var character: Character
    public var style: Style
    /// OSC 8 target: the cell is part of a clickable link to this URL.
    public var link: String?
    public var isContinuation: Bool

    public init(_ character: Character, style: Style = Style(), link: String? = nil, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.link = link
        self.isContinuation = isContinuation
    }

    public static let blank = Cell(" ")
}

/// How a cell's text looks.
public struct Style: Sendable, Hashable {
    public var foreground: Color = .default
    public var background: Color = .default
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }
}

/// A text colour, in the most specific form the view knows; the writer downgrades it to what
/// the terminal supports.
public enum Color: Sendable, Hashable {
    case `default`
    /// One of the 16 ANSI colours (0–15) or the xterm 256-colour palette.
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}
