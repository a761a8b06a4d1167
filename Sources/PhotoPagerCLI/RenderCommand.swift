import FoundationEssentials
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import Glibc
import TerminalGraphics
import TerminalIO
import TerminalUI
import Unsplash

/// `photopager render` (and, until the pager exists, plain `photopager`): each photo decoded
/// at exactly the pixel size it will occupy, encoded, written to stdout.
struct RenderCommand {
    let settings: RenderSettings
    let environment: [String: String]
    /// Print "3/6  Photographer  share-url" under each photo.
    let captions: Bool
    /// Where http(s) photos come from (and are cached).
    let images: RemoteImages

    func run(library result: Result<PhotoLibrary, PhotoLibrary.LoadError>, strict: Bool) -> Int32 {
        let library: PhotoLibrary
        switch result {
        case .success(let loaded): library = loaded
        case .failure(let error): Console.report(error.description); return ExitStatus.failure
        }
        var failed = Console.reportLoad(library, notesAreProblems: strict)
        let target = RenderTarget(settings: settings, environment: environment, images: images)
        for (index, item) in library.photos.enumerated() {
            do {
                guard Console.out(try target.draw(item)) else { return ExitStatus.failure }   // stdout closed
            } catch {
                Console.report("\(item.image.displayName): \(error)")
                failed = true
            }
            if captions {
                Console.out(caption(item.photo, index: index, count: library.photos.count, width: target.box.columns))
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.ok
    }

    private func caption(_ photo: Photo, index: Int, count: Int, width: Int) -> String {
        let name = photo.user.name ?? photo.user.username ?? "unknown photographer"
        let text = "\(index + 1)/\(count)  \(name)  \(ShareLink.url(for: photo) ?? "")"
        return TerminalText.truncated(TerminalText.sanitized(text), toWidth: width) + "\n"
    }
}

/// Where and how photos are drawn: renderer, area in cells, pixels per cell.
struct RenderTarget {
    let kind: RendererKind
    let encoder: any ImageEncoder
    let box: CellSize
    let cell: CellPixelSize
    let maxPixels: Int
    /// Pixels are wrapped for the terminal around tmux (`TmuxPassthrough.oneShot`).
    let throughTmux: Bool
    /// PHOTOPAGER_TRACE=1: each stage's time on stderr, for finding where a render goes slow.
    let trace: Bool
    let images: RemoteImages

    init(settings: RenderSettings, environment: [String: String], images: RemoteImages) {
        self.images = images
        trace = environment["PHOTOPAGER_TRACE"] == "1"
        // A forced renderer needs no probe, except inside tmux: its pixels may go through.
        let probed = settings.renderer == nil || Tmux(environment: environment) != nil ? OneShotProbe.run(environment: environment) : nil
        // No terminal to ask (output to a file or pipe): the same policy, from the environment.
        let fromEnvironment = chooseRenderer(capabilities: TerminalCapabilities(), environment: environment)
        kind = settings.renderer ?? probed?.decision.renderer ?? fromEnvironment.renderer
        encoder = kind.makeEncoder(colorDepth: ColorDepth.detect(environment: environment), environment: environment)
        // Behind tmux's passthrough, pixels go to the terminal around tmux, whose cells the
        // pane's size in pixels says nothing about.
        throughTmux = probed?.terminal.throughTmux == true && !kind.drawsWithText
        let window = Self.stdoutTerminalSize()
        // A terminal: use all its columns and all but one row, so the prompt after the
        // image does not scroll its top away.
        var box = settings.size ?? window.map { CellSize(columns: $0.columns, rows: max(1, $0.rows - 1)) }
            ?? CellSize(columns: 80, rows: 24)
        let outerCell = throughTmux ? probed?.terminal.capabilities.cellPixelSize?.orTypicalCell : nil
        cell = settings.cellSize ?? outerCell ?? window?.cellPixelSize ?? .typicalCell
        // A terminal with an image size limit (xterm's sixel): keep the box within it.
        if kind == probed?.decision.renderer, let limit = probed?.decision.imagePixelLimit {
            box = CellSize(columns: min(box.columns, limit.width / max(1, cell.width)),
                           rows: min(box.rows, limit.height / max(1, cell.height)))
        }
        self.box = box
        maxPixels = settings.maxPixels
    }

    /// stdout's terminal size, when stdout is a terminal that knows it.
    private static func stdoutTerminalSize() -> TerminalSize? {
        guard isatty(1) == 1, let size = try? TerminalDevice(input: 1, output: 1).size(),
              size.columns > 0, size.rows > 0 else { return nil }
        return size
    }

    /// The bytes that draw one photo, ending on a fresh line.
    func draw(_ item: LibraryPhoto) throws -> [UInt8] {
        var clock = StageClock(enabled: trace)
        let data = try bytes(item)
        let header = try data.withUnsafeBytes { try ImageHeader(parsing: $0, cameraFields: false) }
        let fit = kind.fit(imageWidth: header.width, imageHeight: header.height, box: box, cell: cell)
        clock.lap(item.image.isRemote ? "fetch" : "read")
        let request = DecodeRequest(size: (fit.pixelWidth, fit.pixelHeight), maxPixels: maxPixels)
        let image = try Platform.withQuietStderr { try PhotoDecoder.decode(data, request) }
        clock.lap("decode+resize \(image.width)x\(image.height)")
        var bytes = try encoder.encode(image, cells: fit.cells)
        clock.lap("encode \(kind.rawValue) \(bytes.count) bytes")
        if throughTmux { return TmuxPassthrough.oneShot(bytes, kind: kind, rows: fit.cells.rows, cellHeight: cell.height) }
        if bytes.last != UInt8(ascii: "\n") { bytes += Array("\r\n".utf8) }
        return bytes
    }
}

extension RenderTarget {
    /// The photo's file, or its download sized to the whole box (a remote photo's exact size
    /// is not known before it arrives).
    func bytes(_ item: LibraryPhoto) throws -> Data {
        switch item.image {
        case .file(let url): return try FileBytes.read(url)
        case .remote, .resizable:
            let fit = kind.fit(imageWidth: max(1, item.photo.width), imageHeight: max(1, item.photo.height), box: box, cell: cell)
            return try images.bytes(photoID: item.photo.id, location: item.image, width: fit.pixelWidth, height: fit.pixelHeight)
        }
    }
}

struct RenderFailure: Error, CustomStringConvertible {
    let description: String
}

extension ImageLocation {
    /// How a photo is named in error messages: its path or URL.
    var displayName: String {
        switch self {
        case .file(let url): return url.path
        case .remote(let url), .resizable(let url): return url.absoluteString
        }
    }
}
