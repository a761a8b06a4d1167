import PhotoDecoding

/// iTerm2's inline image protocol: `ESC ] 1337 ; File=inline=1;size=N;width=C;height=R:` + base64
/// PNG + `BEL`, as in https://iterm2.com/documentation-images.html (WezTerm and Konsole accept it).
///
/// The original single-sequence form, not the 3.5 `MultipartFile` one: every iTerm2 version and
/// every other terminal that implements the protocol understands it, and we never go through tmux
/// (the picker falls back to half blocks there), which is the only reason to split.
public struct ITerm2Encoder: ImageEncoder {
    public var kind: RendererKind { .iterm2 }

    /// `true`: `width`/`height` in cells with `preserveAspectRatio=0`, so the image fills exactly the
    /// box the layout reserved even when our guess of the cell's pixel size was wrong. `false`:
    /// sizes in `px`, drawing the pixels one to one.
    public var scaleToCells: Bool
    /// libpng's fast mode; see `PNGWriter.encode(_:fast:)`.
    public var fastPNG: Bool

    public init(scaleToCells: Bool = true, fastPNG: Bool = true) {
        self.scaleToCells = scaleToCells
        self.fastPNG = fastPNG
    }

    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard cells.cols > 0, cells.rows > 0 else {
            throw TerminalGraphicsError.badCellBox(cells, reason: "needs at least one cell")
        }
        let png = try PNGWriter.encode(image, fast: fastPNG)
        let payload = Base64.encode(png)
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 96)
        out.append(escape)
        out.append(ascii: "]1337;File=inline=1;size=")
        out.append(decimal: png.count)
        if scaleToCells {
            out.append(ascii: ";width=")
            out.append(decimal: cells.cols)
            out.append(ascii: ";height=")
            out.append(decimal: cells.rows)
            out.append(ascii: ";preserveAspectRatio=0:")
        } else {
            out.append(ascii: ";width=")
            out.append(decimal: image.width)
            out.append(ascii: "px;height=")
            out.append(decimal: image.height)
            out.append(ascii: "px:")
        }
        out.append(contentsOf: payload)
        out.append(bell)
        return out
    }
}
