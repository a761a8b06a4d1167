/// Packed 8-bit RGB pixels, row-major, no padding: the one image type every stage hands on.
/// Alpha never gets this far: decoders composite it over a background colour first.
public struct RGBImage: Sendable, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes: R, G, B for each pixel, top row first.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        precondition(pixels.count == width * height * 3, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A solid image, used for placeholders and in tests.
    public init(width: Int, height: Int, filledWith colour: RGB) {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) {
            pixels[i] = colour.r; pixels[i + 1] = colour.g; pixels[i + 2] = colour.b
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Just the size: test failures and logs must not print megabytes of pixels.
    public var description: String { "RGBImage(\(width)x\(height))" }

    public subscript(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
    }
}

/// One colour; also the background that alpha is composited over.
public struct RGB: Sendable, Equatable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
    public static let black = RGB(r: 0, g: 0, b: 0)
}
