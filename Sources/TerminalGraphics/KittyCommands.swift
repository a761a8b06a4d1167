import PhotoPagerBase

/// The kitty commands that act on an image already transmitted with an id, so a browser can show a
/// photo again, or forget it, without re-sending megabytes of pixels.
extension KittyEncoder {
    /// `a=p`: display image `imageID` (or its `crop`: `x`, `y`, `w`, `h` in its pixels) at the
    /// cursor, scaled to `cells`. `C=1` keeps the cursor put, as a full-screen UI wants.
    public static func placement(imageID: UInt32, cells: CellSize, crop: PixelCrop? = nil, moveCursor: Bool = false) -> [UInt8] {
        var out: [UInt8] = [escape]
        out.append(ascii: "_Ga=p,i=")
        out.append(decimal: Int(imageID))
        if let crop {
            out.append(ascii: ",x=")
            out.append(decimal: crop.x)
            out.append(ascii: ",y=")
            out.append(decimal: crop.y)
            out.append(ascii: ",w=")
            out.append(decimal: crop.width)
            out.append(ascii: ",h=")
            out.append(decimal: crop.height)
        }
        out.append(ascii: ",c=")
        out.append(decimal: cells.columns)
        out.append(ascii: ",r=")
        out.append(decimal: cells.rows)
        if !moveCursor { out.append(ascii: ",C=1") }
        // q=1: errors come back. kitty drops images past its quota without a word, the unplaced
        // ones (sent ahead) first; the ENOENT of their placement tells us to send them again.
        out.append(ascii: ",q=1")
        out.append(escape)
        out.append(UInt8(ascii: "\\"))
        return out
    }

    /// `a=d,d=I`: remove every placement of `imageID` and free its pixels in the terminal (capital
    /// `I` frees the data too; lower-case would leave it stored, which is a leak in someone else's
    /// process once we exit).
    public static func delete(imageID: UInt32) -> [UInt8] {
        var out: [UInt8] = [escape]
        out.append(ascii: "_Ga=d,d=I,i=")
        out.append(decimal: Int(imageID))
        out.append(ascii: ",q=2")
        out.append(escape)
        out.append(UInt8(ascii: "\\"))
        return out
    }

    /// `a=d,d=A`: remove and free every image this client put on screen, for a clean exit.
    public static func deleteAll() -> [UInt8] {
        var out: [UInt8] = [escape]
        out.append(ascii: "_Ga=d,d=A,q=2")
        out.append(escape)
        out.append(UInt8(ascii: "\\"))
        return out
    }
}
