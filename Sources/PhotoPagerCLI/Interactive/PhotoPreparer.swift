import FoundationEssentials
import HTTPClient
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import TerminalGraphics
import TerminalUI
import Unsplash

/// Turns one `ImageContent` (which photo, at which pixel size) into the bytes of the chosen
/// renderer: decode at exactly that size, encode for its cells. Runs on pipeline workers.
final class PhotoPreparer: Sendable {
    /// Where every photo's pixels are, by id (only that: the photo list itself lives in the app
    /// state once, which matters at 10,000 photos); a feed's later pages are added as they arrive.
    private let locations: Locked<[String: ImageLocation]>
    /// Remote images: the source's own fetcher, else the plain web fetch.
    let images: any PhotoImageFetcher
    /// Thumbnails of local photos from earlier runs; nil without a disk cache.
    let thumbnails: ThumbnailStore?
    /// Downloads under way, for the status line.
    let downloads = DownloadMeter()
    let kind: RendererKind
    let encoder: any ImageEncoder
    /// The terminal's cell size, which a font zoom changes while the pager runs.
    let cellSize: Locked<CellPixelSize>
    let maxPixels: Int
    /// The zoomed photo's decode, cropped for every pan.
    let zoomSource = ZoomSource()
    /// The frames of the animated photos the pager shows, made beside their first frame.
    let animations: AnimationStore

    /// `wake`: tells the loop that an animation's frames are ready; `animationBytes`: how much of
    /// them are kept (the memory budget, `--memory-mb`).
    init(library: [LibraryPhoto], kind: RendererKind, colorDepth: ColorDepth, environment: [String: String],
         cell: CellPixelSize, maxPixels: Int, images: any PhotoImageFetcher, thumbnails: ThumbnailStore?,
         animationBytes: Int = 96 << 20, wake: @escaping @Sendable () -> Void = {}) {
        animations = AnimationStore(budget: animationBytes, wake: wake)
        self.thumbnails = thumbnails
        locations = Locked(Dictionary(library.map { ($0.photo.id, $0.image) }, uniquingKeysWith: { first, _ in first }))
        self.images = images
        self.kind = kind
        // Text images are placed anywhere on screen: rows joined by a cursor move that the
        // frame writer re-targets to the placement's column.
        encoder = kind.makeEncoder(colorDepth: colorDepth, lineBreak: .moveDown(toColumn: 0), environment: environment)
        cellSize = Locked(cell)
        self.maxPixels = maxPixels
    }

    /// Where the photo with this id comes from.
    func location(of id: String) -> ImageLocation? {
        locations.withLock { $0[id] }
    }

    /// `photo`'s pixels at its own size, the longest side at most `maxSide` (`Y` copies them),
    /// upright as shown (a sidecar's turn too).
    func fullImage(_ photo: Photo, maxSide: Int) throws -> RGBImage {
        guard let location = location(of: photo.id) else { throw PrepareFailure(description: "photo is gone") }
        let data: Data
        switch location {
        case .file(let url): data = try FileBytes.read(url)
        case .remote, .resizable:
            data = try images.bytes(photoID: photo.id, location: location, width: maxSide, height: maxSide, exact: false, progress: nil)
        }
        var request = DecodeRequest(maxPixels: maxPixels)
        request.orientation = photo.fileDetails?.orientation.flatMap(Orientation.init(rawValue:))
        let header = try data.withUnsafeBytes { try ImageHeader(parsing: $0, cameraFields: false) }
        let upright = (request.orientation ?? header.orientation).uprightSize(width: header.storedWidth, height: header.storedHeight)
        let scale = min(1, Double(maxSide) / Double(max(upright.width, upright.height)))
        request.size = (max(1, Int((Double(upright.width) * scale).rounded())), max(1, Int((Double(upright.height) * scale).rounded())))
        return try PhotoDecoder.decode(data, request)
    }

    /// Photos of a page that just arrived (ids already known keep their first entry).
    func add(_ more: [LibraryPhoto]) {
        locations.withLock { locations in
            for item in more where locations[item.photo.id] == nil { locations[item.photo.id] = item.image }
        }
    }

    /// The job's `stillWanted` is polled during a download: a photo paged past stops
    /// downloading; a big decode makes room in the pipeline's memory budget first.
    func prepare(_ content: ImageContent, job: PipelineJob) throws -> [UInt8] {
        let (image, cells) = try pixels(content, job: job)
        guard let budget = content.byteBudget else { return try encoder.encode(image, cells: cells) }
        return try encoder.encode(image, cells: cells, withinBytes: budget)
    }

    /// The pixels `content` shows and the cells they cover, before encoding.
    func pixels(_ content: ImageContent, job: PipelineJob) throws -> (RGBImage, CellSize) {
        guard let location = locations.withLock({ $0[content.photoID] }) else { throw PrepareFailure(description: "photo is gone") }
        let pixels = content.pixelSize
        let cell = cellSize.withLock { $0 }
        let cells = CellSize(columns: max(1, (pixels.width + cell.width - 1) / cell.width),
                             rows: max(1, (pixels.height + cell.height - 1) / cell.height))
        // Pixel renderers draw exactly the placement's pixels; text renderers need the
        // half-block grid of its cells.
        let size = kind.drawsWithText
            ? kind.fit(imageWidth: pixels.width, imageHeight: pixels.height, box: cells, cell: cell)
            : FittedSize(pixelWidth: pixels.width, pixelHeight: pixels.height, columns: cells.columns, rows: cells.rows)
        var request = DecodeRequest(size: (size.pixelWidth, size.pixelHeight), maxPixels: maxPixels)
        request.orientation = content.orientation.flatMap(Orientation.init(rawValue:))
        request.reserveWorkingMemory = job.makeRoom
        // A photo at fit shows a draft while a slow decode goes on (a zoomed view keeps the last
        // view on screen instead).
        request.draft = { [encoder] draft in
            if let bytes = try? encoder.encode(draft, cells: size.cells) { job.offerDraft(bytes) }
        }
        var image: RGBImage
        if let window = content.window {
            // The whole photo at the zoom's decode size (once per zoom level), then the view.
            // A turned or changed photo is another image to zoom into.
            let zoomed = content.orientation == nil && content.revision == 0 ? content.photoID
                : content.photoID + "#turned-\(content.orientation ?? 0)-revision-\(content.revision)"
            let whole = try zoomSource.image(photoID: zoomed, window: window) { key in
                var scaled = request
                scaled.size = (key.width, key.height)
                scaled.draft = nil
                job.makeRoom(key.width * key.height * 3)
                return try decode(location, content, request: scaled, fetchSize: (key.width, key.height), job: job,
                                  thumbnail: false)
            }
            image = ZoomSource.view(of: whole, window: window, shown: pixels)
            // Text renderers draw the view on their own, coarser grid.
            if image.width != size.pixelWidth || image.height != size.pixelHeight {
                image = Resampler.resize(image, width: size.pixelWidth, height: size.pixelHeight)
            }
        } else {
            // The pager's photo at fit plays if it is an animation: its frames are made from the
            // bytes just decoded.
            let plays: ((Data) -> Void)? = content.frame == 0 ? { self.startAnimation(content, from: $0, size: size) } : nil
            image = try decode(location, content, request: request, fetchSize: (pixels.width, pixels.height), job: job,
                               thumbnail: true, bytes: plays)
        }
        return (image, size.cells)
    }

    /// Makes the frames of a GIF or WebP beside its first (the decoder tells whether it is an
    /// animation). kitty plays them itself, added to the image as PNG: kitty 0.26 shows raw
    /// (f=24) added frames as the last one sent and never plays them.
    private func startAnimation(_ content: ImageContent, from data: Data, size: FittedSize) {
        guard [.gif, .webp].contains(ImageFormat(magic: data.prefix(ImageFormat.magicLength))) else { return }
        let encoder: any ImageEncoder = kind == .kitty ? KittyEncoder(format: .png) : encoder, cells = size.cells
        let request = DecodeRequest(size: (size.pixelWidth, size.pixelHeight), maxPixels: maxPixels)
        animations.make(content, frames: { try PhotoDecoder.animationFrames(data, request) },
                        encode: { try encoder.encode($0, cells: cells) })
    }

    /// The photo's pixels as `request` asks: from a file (through the thumbnail store when
    /// `thumbnail`), or fetched at `fetchSize` and decoded. `bytes` is handed what was decoded.
    private func decode(_ location: ImageLocation, _ content: ImageContent, request: DecodeRequest,
                        fetchSize: (width: Int, height: Int), job: PipelineJob, thumbnail: Bool,
                        bytes: ((Data) -> Void)? = nil) throws -> RGBImage {
        switch location {
        case .file(let url):
            let size = request.size ?? (0, 0)
            let key = thumbnail ? thumbnails?.key(for: url, size: size, orientation: request.orientation) : nil
            if let key, let kept = thumbnails?.image(at: key, size: size) { return kept }
            let data = try FileBytes.read(url)
            let image = try PhotoDecoder.decode(data, request)
            if let key { thumbnails?.keep(image, at: key) }
            bytes?(data)
            return image
        case .remote, .resizable:
            let data: Data
            let downloads = downloads
            defer { downloads.finish(content) }
            do {
                data = try images.bytes(photoID: content.photoID, location: location, width: fetchSize.width,
                                        height: fetchSize.height, exact: content.window != nil) {
                    downloads.record(content, received: $0, total: $1)
                    return job.stillWanted()
                }
            } catch HTTPError.cancelled {
                throw PipelineCancellation()
            } catch let error as HTTPError where error.mayPass {
                throw PassingFailure(description: "\(error)")
            } catch let error as ImageFetchError where error.status >= 500 || error.status == 429 {
                throw PassingFailure(description: error.description)
            }
            let image = try PhotoDecoder.decode(data, request)
            bytes?(data)
            return image
        }
    }
}

struct PrepareFailure: Error, CustomStringConvertible {
    let description: String
}
