import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics

/// Maps a view's colour onto what the terminal can show, so views can say exactly what they mean
/// (`.rgb`) and still look right on a 256- or 16-colour terminal.
enum ColorDowngrade {
    /// xterm's default values for the 16 ANSI colours. Only used to pick the *nearest* of the 16:
    /// the user's theme will show its own versions, which is the point of using them.
    static let ansi16: [RGB] = [
        RGB(r: 0, g: 0, b: 0), RGB(r: 205, g: 0, b: 0), RGB(r: 0, g: 205, b: 0), RGB(r: 205, g: 205, b: 0),
        RGB(r: 0, g: 0, b: 238), RGB(r: 205, g: 0, b: 205), RGB(r: 0, g: 205, b: 205), RGB(r: 229, g: 229, b: 229),
        RGB(r: 127, g: 127, b: 127), RGB(r: 255, g: 0, b: 0), RGB(r: 0, g: 255, b: 0), RGB(r: 255, g: 255, b: 0),
        RGB(r: 92, g: 92, b: 255), RGB(r: 255, g: 0, b: 255), RGB(r: 0, g: 255, b: 255), RGB(r: 255, g: 255, b: 255),
    ]

    /// `color` as the terminal at `depth` can show it: `.rgb` only at truecolor, palette indices
    /// 16…255 only at 256 colours or more; the 16 ANSI indices pass everywhere.
    static func downgrade(_ color: Color, to depth: ColorDepth) -> Color {
        switch (color, depth) {
        case (.default, _), (.rgb, .truecolor):
            return color
        case let (.indexed(index), _) where index < 16 || depth != .palette16:
            return color
        case let (.indexed(index), _):
            return .indexed(nearestANSI16(to: Xterm256Palette.color(ofIndex: Int(index))))
        case let (.rgb(r, g, b), .palette256):
            return .indexed(UInt8(Xterm256Palette.nearestIndex(to: RGB(r: r, g: g, b: b))))
        case let (.rgb(r, g, b), .palette16):
            return .indexed(nearestANSI16(to: RGB(r: r, g: g, b: b)))
        }
    }

    /// The index of the nearest of ``ansi16`` in RGB Euclidean distance, ties to the lower index.
    static func nearestANSI16(to colour: RGB) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in ansi16.enumerated() {
            let dr = Int(colour.r) - Int(candidate.r)
            let dg = Int(colour.g) - Int(candidate.g)
            let db = Int(colour.b) - Int(candidate.b)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(best)
    }
}
