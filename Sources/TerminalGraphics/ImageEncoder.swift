import PhotoDecoding
import PhotoPagerBase

/// Turns pixels into the bytes that draw them at the terminal's cursor.
///
/// One protocol for every renderer so the frame writer and the pre-encoding cache never care which
/// terminal they talk to; the C libraries each encoder needs stay inside its own file.
/// Images arrive already resized to the exact pixel size to draw (see `CellFit`): encoders never
/// resample, so the expensive resize happens once and the cache can key on the fitted size.
public protocol ImageEncoder: Sendable {
    /// Which renderer this is, for logs and for choosing the pixel grid the image must be fitted to.
    var kind: RendererKind { get }

    /// Bytes that draw `image` into the `cells` box whose top-left corner is the cursor.
    func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8]

    /// The same within about `budget` bytes, for a slow link, where the renderer can spend
    /// fewer at the same pixel size (sixel: fewer colours, coarser pixels); by default as
    /// `encode(_:cells:)` (renderers whose terminal scales an image are sent fewer pixels instead).
    func encode(_ image: RGBImage, cells: CellSize, withinBytes budget: Int) throws -> [UInt8]
}

extension ImageEncoder {
    public func encode(_ image: RGBImage, cells: CellSize, withinBytes budget: Int) throws -> [UInt8] {
        try encode(image, cells: cells)
    }
}

/// The pixel size of one character cell, from `TIOCGWINSZ` or `CSI 16t`: the core's pixel size
/// type, so the layout, the app state and the encoders speak of cells in one unit. When the
/// terminal will not say, `.typicalCell` (10×20, the 1:2 shape chafa assumes too).
public typealias CellPixelSize = PixelSize

/// Why an encoder could not produce bytes. Carries the C library's own words where it has any.
public enum TerminalGraphicsError: Error, Equatable, CustomStringConvertible {
    /// libpng's simplified API refused; `message` is `png_image.message`.
    case png(message: String)
    /// libturbojpeg refused to compress; its own words.
    case jpeg(message: String)
    /// A libcaca call failed.
    case caca(call: String)
    /// The cell box is empty or does not fit the image the encoder was given.
    case badCellBox(CellSize, reason: String)

    public var description: String {
        switch self {
        case let .png(message): return "libpng: \(message)"
        case let .jpeg(message): return "libturbojpeg: \(message)"
        case let .caca(call): return "libcaca \(call) failed"
        case let .badCellBox(box, reason): return "cell box \(box): \(reason)"
        }
    }
}
