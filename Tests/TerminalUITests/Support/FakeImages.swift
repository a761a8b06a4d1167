import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import TerminalUI

/// Encoded images for the writer tests: tiny but real in each protocol.
enum FakeImages {
    static let cell = PixelSize(width: 10, height: 20)

    static func content(_ id: String, cells: Rect) -> ImageContent {
        ImageContent(photoID: id, pixelSize: PixelSize(width: cells.width * cell.width, height: cells.height * cell.height))
    }

    /// A one-colour sixel image of exactly `size` pixels, with raster attributes.
    static func sixel(_ size: PixelSize) -> EncodedImage {
        var text = "\u{1B}P0;1;0q\"1;1;\(size.width);\(size.height)#1;2;100;0;0#1"
        let bands = (size.height + 5) / 6
        for band in 0..<bands { text += (band > 0 ? "-" : "") + "!\(size.width)~" }
        text += "\u{1B}\\"
        return EncodedImage(kind: .sixel, bytes: Array(text.utf8))
    }

    /// A real `KittyEncoder` transmission (raw RGB) of a solid image.
    static func kitty(_ size: PixelSize, cells: CellSize) throws -> EncodedImage {
        let image = RGBImage(width: size.width, height: size.height, filledWith: RGB(r: 0, g: 128, b: 255))
        return EncodedImage(kind: .kitty, bytes: try KittyEncoder().encode(image, cells: cells))
    }

    /// Real half blocks of a two-colour image (red top half of each cell, blue bottom), with the
    /// line breaks encoded for column 0 on purpose: the writer must move them.
    static func blocks(columns: Int, rows: Int) throws -> EncodedImage {
        var pixels: [UInt8] = []
        for y in 0..<(rows * 2) {
            for _ in 0..<columns { pixels += y % 2 == 0 ? [255, 0, 0] : [0, 0, 255] }
        }
        let image = RGBImage(width: columns, height: rows * 2, pixels: pixels)
        let encoder = HalfBlockEncoder(colors: .truecolor, lineBreak: .moveDown(toColumn: 0))
        return EncodedImage(kind: .blocks, bytes: try encoder.encode(image, cells: CellSize(columns: columns, rows: rows)))
    }
}
