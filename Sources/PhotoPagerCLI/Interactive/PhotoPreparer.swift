import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerCore
import Synchronization
import TerminalGraphics
import TerminalUI

/// Turns one `ImageContent` (which photo, at which pixel size) into the bytes of the chosen
/// renderer: decode at exactly that size, encode for its cells. Runs on pipeline workers.
final class PhotoPreparer: Sendable {
    let photos: [String: LibraryPhoto]
    let kind: RendererKind
    let encoder: any ImageEncoder
    /// The terminal's cell size, which a font zoom changes while the pager runs.
    let cellSize: Mutex<CellPixelSize>
    let maxPixels: Int

    init(library: [LibraryPhoto], kind: RendererKind, colorDepth: ColorDepth, environment: [String: String],
         cell: CellPixelSize, maxPixels: Int) {
        photos = Dictionary(library.map { ($0.photo.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.kind = kind
        // Text images are placed anywhere on screen: rows joined by a cursor move that the
        // frame writer re-targets to the placement's column.
        encoder = kind.makeEncoder(colorDepth: colorDepth, lineBreak: .moveDown(toColumn: 0), environment: environment)
        cellSize = Mutex(cell)
        self.maxPixels = maxPixels
    }

    func prepare(_ content: ImageContent) throws -> [UInt8] {
        guard let item = photos[content.photoID] else { throw PrepareFailure(description: "photo is gone") }
        guard case .file(let url) = item.image else {
            throw PrepareFailure(description: "remote")
        }
        let pixels = content.pixelSize
        let cell = cellSize.withLock { $0 }
        let cells = CellSize(cols: max(1, (pixels.width + cell.width - 1) / cell.width),
                             rows: max(1, (pixels.height + cell.height - 1) / cell.height))
        // Pixel renderers draw exactly the placement's pixels; text renderers need the
        // half-block grid of its cells.
        let size = kind.drawsWithText
            ? kind.fit(imageWidth: pixels.width, imageHeight: pixels.height, box: cells, cell: cell)
            : FittedSize(pixelWidth: pixels.width, pixelHeight: pixels.height, cols: cells.cols, rows: cells.rows)
        let image = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (size.pixelWidth, size.pixelHeight),
                                                                           maxPixels: maxPixels))
        return try encoder.encode(image, cells: size.cells)
    }
}

struct PrepareFailure: Error, CustomStringConvertible {
    let description: String
}
