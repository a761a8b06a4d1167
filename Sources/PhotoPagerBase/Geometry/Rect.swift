/// A rectangle of terminal cells; `x`, `y` may be negative or beyond the viewport for items
/// scrolled part-way out (the caller clips, e.g. with ``intersection(_:)``).
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rects, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// `(x,y w×h)`: short, so failing test tables are readable.
    public var description: String { "(\(x),\(y) \(width)×\(height))" }
}

extension Rect {
    /// The same size, moved by (`dx`, `dy`) cells.
    public func offsetBy(x dx: Int, y dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
