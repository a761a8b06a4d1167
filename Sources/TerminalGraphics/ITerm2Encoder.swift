import PhotoDecoding
import PhotoPagerBase

/// iTerm2's inline image protocol: `ESC ] 1337 ; File=inline=1;size=N;width=C;height=R:` + base64
/// JPEG + `BEL`, as in https://iterm2.com/documentation-images.html (WezTerm and Konsole accept it).
/// A photo at its target size goes as JPEG (a fraction of the PNG's bytes); `format: .png`
/// keeps it lossless.
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
    public enum Format: Sendable { case jpeg, png }
    public var format: Format

    public init(scaleToCells: Bool = true, format: Format = .jpeg) {
        self.scaleToCells = scaleToCells
        self.format = format
    }

    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard cells.columns > 0, cells.rows > 0 else {
            throw TerminalGraphicsError.badCellBox(cells, reason: "needs at least one cell")
        }
        let file = format == .jpeg ? try JPEGWriter.encode(image) : try PNGWriter.encode(image, fast: true)
        let payload = Base64.encode(file)
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 96)
        out.append(escape)
        out.append(ascii: "]1337;File=inline=1;size=")
        out.append(decimal: file.count)
        if scaleToCells {
            out.append(ascii: ";width=")
            out.append(decimal: cells.columns)
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
