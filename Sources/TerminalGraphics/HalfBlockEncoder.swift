import PhotoDecoding
import PhotoPagerBase

/// Two pixels per character cell: `▀` (U+2580) with the top pixel as foreground colour and the
/// bottom pixel as background. Works in every terminal with 256 colours or more, including tmux.
///
/// The image must be `columns × rows*2` "pixels" (see `fittedBlockSize`); each pixel row pair becomes
/// one line of text. An odd height leaves the last line with only top halves: those cells set no
/// background, so the terminal's own shows below them.
///
/// Output per line: cells, then `CSI 0 m`, then the `lineBreak` (between lines, not after the last,
/// so the caller decides what follows the image). An SGR is written only when a colour differs
/// from the previous cell's on the same line — on photos with smooth areas that halves the bytes.
public struct HalfBlockEncoder: ImageEncoder {
    /// Which SGR colour form to use.
    public enum Colors: Sendable, Hashable {
        /// `38;2;r;g;b` / `48;2;r;g;b`, exact colours.
        case truecolor
        /// `38;5;n` / `48;5;n`, nearest of the xterm cube and grey ramp (`Xterm256Palette`); for
        /// terminals whose COLORTERM does not promise truecolor.
        case xterm256
    }

    public var kind: RendererKind { .blocks }
    public var colors: Colors
    public var lineBreak: LineBreak

    public init(colors: Colors = .truecolor, lineBreak: LineBreak = .newline) {
        self.colors = colors
        self.lineBreak = lineBreak
    }

    /// Draws `image.width` columns and `ceil(image.height / 2)` lines, which must fit in `cells`.
    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        let lines = (image.height + 1) / 2
        guard image.width <= cells.columns, lines <= cells.rows else {
            throw TerminalGraphicsError.badCellBox(
                cells, reason: "a \(image.width)x\(image.height) image needs \(image.width)x\(lines) cells")
        }
        var out: [UInt8] = []
        // Worst case per cell: two truecolor SGRs (~38 bytes) and the 3-byte glyph.
        out.reserveCapacity(image.width * lines * (colors == .truecolor ? 24 : 12) + lines * 16)
        image.pixels.withUnsafeBufferPointer { pixels in
            for line in 0..<lines {
                if line > 0 { lineBreak.append(to: &out) }
                encodeLine(line, of: image, pixels: pixels, into: &out)
                out.append(escape)
                out.append(ascii: "[0m")
            }
        }
        return out
    }

    /// One line of cells. Colours are compared as packed codes: `0xRRGGBB` in truecolor, the
    /// palette index otherwise; `-1` means "not set on this line yet".
    private func encodeLine(_ line: Int, of image: RGBImage, pixels: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let top = 2 * line * image.width * 3
        let hasBottom = 2 * line + 1 < image.height
        let bottom = top + image.width * 3
        var currentFG = -1
        var currentBG = -1
        for x in 0..<image.width {
            let fg = code(pixels, at: top + 3 * x)
            let bg = hasBottom ? code(pixels, at: bottom + 3 * x) : -1
            let changeFG = fg != currentFG
            let changeBG = bg != -1 && bg != currentBG
            if changeFG || changeBG {
                out.append(escape)
                out.append(UInt8(ascii: "["))
                if changeFG { appendColour(fg, layer: 38, to: &out) }
                if changeFG && changeBG { out.append(UInt8(ascii: ";")) }
                if changeBG { appendColour(bg, layer: 48, to: &out) }
                out.append(UInt8(ascii: "m"))
                currentFG = fg
                if changeBG { currentBG = bg }
            }
            // ▀ in UTF-8
            out.append(0xE2)
            out.append(0x96)
            out.append(0x80)
        }
    }

    @inline(__always)
    private func code(_ pixels: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        switch colors {
        case .truecolor:
            return Int(pixels[i]) << 16 | Int(pixels[i + 1]) << 8 | Int(pixels[i + 2])
        case .xterm256:
            return Xterm256Palette.nearestIndex(to: RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2]))
        }
    }

    /// `38;2;r;g;b` or `38;5;n` (48 for background), without the CSI or the final `m`.
    private func appendColour(_ code: Int, layer: Int, to out: inout [UInt8]) {
        out.append(decimal: layer)
        switch colors {
        case .truecolor:
            out.append(ascii: ";2;")
            out.append(decimal: code >> 16)
            out.append(UInt8(ascii: ";"))
            out.append(decimal: code >> 8 & 0xFF)
            out.append(UInt8(ascii: ";"))
            out.append(decimal: code & 0xFF)
        case .xterm256:
            out.append(ascii: ";5;")
            out.append(decimal: code)
        }
    }
}
