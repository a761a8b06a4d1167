/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to stand upright.
/// Values follow the TIFF spec: 1 = as stored, 6 = rotate 90° clockwise, 8 = 90° anticlockwise…
public enum Orientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Orientations 5–8 swap width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a stored `width`×`height` image.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Turns stored pixels upright. Each output pixel (x, y) reads the stored pixel that lands there.
    public func apply(to image: RGBImage) -> RGBImage {
        if self == .up { return image }
        let (w, h) = uprightSize(width: image.width, height: image.height)
        let sw = image.width, sh = image.height
        var out = [UInt8](repeating: 0, count: w * h * 3)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0 ..< h {
                    for x in 0 ..< w {
                        let (sx, sy) = storedPosition(x: x, y: y, storedWidth: sw, storedHeight: sh)
                        let s = (sy * sw + sx) * 3, d = (y * w + x) * 3
                        dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]
                    }
                }
            }
        }
        return RGBImage(width: w, height: h, pixels: out)
    }

    /// Where upright pixel (x, y) comes from in the stored image.
    func storedPosition(x: Int, y: Int, storedWidth sw: Int, storedHeight sh: Int) -> (Int, Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (sw - 1 - x, y)
        case .down: return (sw - 1 - x, sh - 1 - y)
        case .downMirrored: return (x, sh - 1 - y)
        case .leftMirrored: return (y, x)                      // transpose
        case .right: return (y, sh - 1 - x)                    // stored top is upright right
        case .rightMirrored: return (sw - 1 - y, sh - 1 - x)   // transverse
        case .left: return (sw - 1 - y, x)
        }
    }

    /// HEIF's `irot` (quarter turns anticlockwise) then `imir` (mode 0 exchanges top and bottom,
    /// 1 left and right), as the one EXIF orientation that does both.
    public init(quarterTurnsAnticlockwise turns: Int, mirror: Int?) {
        // Each orientation as the matrix taking a stored point (x, y), centred, y down, to where
        // it is shown; an anticlockwise quarter turn takes (x, y) to (y, −x).
        var m = (1, 0, 0, 1)
        for _ in 0 ..< (turns & 3) { m = (m.2, m.3, -m.0, -m.1) }
        if let mirror { m = mirror == 0 ? (m.0, m.1, -m.2, -m.3) : (-m.0, -m.1, m.2, m.3) }
        self = Self.allCases.first { $0.matrix == m } ?? .up
    }

    var matrix: (Int, Int, Int, Int) {
        switch self {
        case .up: (1, 0, 0, 1)
        case .upMirrored: (-1, 0, 0, 1)
        case .down: (-1, 0, 0, -1)
        case .downMirrored: (1, 0, 0, -1)
        case .leftMirrored: (0, 1, 1, 0)
        case .right: (0, -1, 1, 0)
        case .rightMirrored: (0, -1, -1, 0)
        case .left: (0, 1, -1, 0)
        }
    }
}
