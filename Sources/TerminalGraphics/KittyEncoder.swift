import PhotoDecoding
import PhotoPagerBase

/// The kitty graphics protocol, "transmit and display" (`a=T`) with the pixels inline as base64,
/// per https://sw.kovidgoyal.net/kitty/graphics-protocol/.
///
/// `ESC _G a=T,f=24,s=W,v=H,c=COLS,r=ROWS,q=2[,i=ID][,C=1],m=1 ; <base64> ESC \` then continuation
/// chunks `ESC _G m=1,q=2 ; … ESC \`, the last with `m=0`. The spec caps each chunk at 4096 base64
/// bytes and requires all but the last to be a multiple of 4 (4096 is). Continuation chunks carry
/// only `m` and `q`: the spec allows nothing else there, and repeating `q` works around kitty
/// releases that forgot it between chunks (kitty issue #3375).
public struct KittyEncoder: ImageEncoder {
    public var kind: RendererKind { .kitty }

    /// How the pixels travel.
    public enum Format: Sendable, Hashable {
        /// `f=24`, raw RGB: no encode cost, ~4 bytes per pixel on the wire. Right for a local pty.
        case rgb
        /// `f=100`, PNG via libpng: costs an encode but is much smaller, which matters over ssh.
        case png
    }

    /// Payload bytes per escape sequence; the protocol's maximum.
    public static let chunkSize = 4096

    public var format: Format
    /// `i=`: lets the caller place the image again with `a=p` (see `placement(imageID:cells:)`)
    /// instead of re-sending it, and delete it later. `nil` leaves the image anonymous.
    public var imageID: UInt32?
    /// `true`: `c=`/`r=` make kitty scale the image to exactly the cell box, as the layout assumed;
    /// `false`: draw the pixels one to one.
    public var scaleToCells: Bool
    /// `false` adds `C=1`, so the cursor stays at the image's top-left corner: a full-screen UI
    /// that positions the cursor itself wants that; one-shot output to stdout wants the default.
    public var moveCursor: Bool

    public init(format: Format = .rgb, imageID: UInt32? = nil, scaleToCells: Bool = true, moveCursor: Bool = true) {
        self.format = format
        self.imageID = imageID
        self.scaleToCells = scaleToCells
        self.moveCursor = moveCursor
    }

    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard cells.columns > 0, cells.rows > 0 else {
            throw TerminalGraphicsError.badCellBox(cells, reason: "needs at least one cell")
        }
        let payload: [UInt8]
        switch format {
        case .rgb: payload = Base64.encode(image.pixels)
        case .png: payload = Base64.encode(try PNGWriter.encode(image))
        }
        var out: [UInt8] = []
        let chunks = max(1, (payload.count + Self.chunkSize - 1) / Self.chunkSize)
        out.reserveCapacity(payload.count + chunks * 16 + 96)

        out.append(escape)
        out.append(ascii: "_Ga=T,f=")
        out.append(decimal: format == .rgb ? 24 : 100)
        // kitty takes the size from the PNG itself; s/v are only for raw pixels.
        if format == .rgb {
            out.append(ascii: ",s=")
            out.append(decimal: image.width)
            out.append(ascii: ",v=")
            out.append(decimal: image.height)
        }
        if scaleToCells {
            out.append(ascii: ",c=")
            out.append(decimal: cells.columns)
            out.append(ascii: ",r=")
            out.append(decimal: cells.rows)
        }
        if let imageID {
            out.append(ascii: ",i=")
            out.append(decimal: Int(imageID))
        }
        if !moveCursor { out.append(ascii: ",C=1") }
        out.append(ascii: ",q=2")

        var start = 0
        for index in 0..<chunks {
            if index > 0 {
                out.append(escape)
                out.append(ascii: "_Gq=2")
            }
            let end = min(start + Self.chunkSize, payload.count)
            out.append(ascii: index == chunks - 1 ? ",m=0;" : ",m=1;")
            out.append(contentsOf: payload[start..<end])
            out.append(escape)
            out.append(UInt8(ascii: "\\"))
            start = end
        }
        return out
    }
}
