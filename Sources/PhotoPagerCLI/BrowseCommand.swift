import Glibc
import PhotoLibrary
import PhotoPagerCore
import PhotoPagerBase
import TerminalIO

/// `photopager [SOURCE…]` at a terminal: the interactive grid and pager. After `q`, the shared
/// and marked photos go to stdout once the terminal is restored (`ExitOutput`); after Ctrl-C
/// nothing does (fzf-style).
struct BrowseCommand {
    let settings: RenderSettings
    let environment: [String: String]
    let sources: [String]
    /// The source being browsed (an Unsplash feed), which pages on as the person scrolls.
    let source: (any PhotoSource)?
    let remote: RemoteServices
    let output: ExitOutput
    /// `--slideshow SECONDS` (nil: not at start; S still runs one, at the default pace) and `--loop`.
    var slideshowSeconds: Double? = nil
    /// `slideshow_seconds` of the config file: S's pace when the flag gives none.
    var slideshowPace: Double? = nil
    var loops = false
    var sort: PhotoSort? = nil
    var printsRated: RatingFilter? = nil
    var keyHandler: String? = nil

    func run(library result: consuming Result<PhotoLibrary, PhotoLibrary.LoadError>, on device: TerminalDevice) -> Int32 {
        var library: PhotoLibrary
        switch consume result {
        case .success(let loaded): library = loaded
        case .failure(let error): Console.report(error.description); return ExitStatus.failure
        }
        let failed = Console.reportLoad(library, notesAreProblems: false)
        guard !library.photos.isEmpty || source != nil else {
            Console.report("no photos to show")
            return ExitStatus.failure
        }
        let session = InteractiveSession(
            library: library.photos, unreadHeaders: library.unreadHeaders, rest: library.rest,
            sourceName: source?.title ?? (sources.isEmpty ? "sample photos" : sources.joined(separator: " ")),
            source: source, remote: remote,
            options: .init(renderer: settings.renderer, cellSize: settings.cellSize,
                           clipboard: settings.clipboard, maxPixels: settings.maxPixels, memoryMB: settings.memoryMB,
                           slideshow: Slideshow(seconds: slideshowSeconds ?? slideshowPace ?? Slideshow.defaultSeconds, loops: loops),
                           startsSlideshow: slideshowSeconds != nil, sort: sort, printsRated: printsRated,
                           keyHandler: keyHandler, print0: output.nulSeparated),
            environment: environment)
        library = PhotoLibrary()              // the pager keeps the one photo list it needs
        let status: Int32
        do {
            status = try session.run(on: device)
        } catch {
            Console.report("terminal: \(error)")
            status = 1
        }
        guard status == ExitStatus.ok else { return status }
        let progress = StderrProgress()
        let originals = session.originals
        // A remote photo printed as a path is its original, downloaded as `d` does.
        let bytes = output.bytes(for: session.picked, toTerminal: isatty(1) == 1, path: { item in
            if case .file(let url) = item.image { return url.path }
            progress.say("downloading the original of \(TerminalText.sanitized(item.photo.id))…")
            switch originals.save(item) {
            case .success(let url): return url.path
            case .failure(let error): progress.say("\(TerminalText.sanitized(item.photo.id)): \(error)"); return nil
            }
        }, report: Console.report)
        originals.finishRunning(report: progress.say)
        progress.end()
        guard Console.out(bytes) else { return ExitStatus.failure }
        return failed ? ExitStatus.failure : ExitStatus.ok
    }
}
