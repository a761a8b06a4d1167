import FoundationEssentials
import Glibc
import PhotoLibrary
import Unsplash
import PhotoPagerBase
import TerminalIO

/// The program: parse, run the command, map the outcome to an exit status
/// (0 ok, 1 something failed at run time, 2 usage error).
public enum PhotoPager {
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        Platform.ignoreWriteSignals()
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            // The message may quote an argument, which may be a hostile file name from a glob.
            Console.error("photopager: \(TerminalText.sanitized(error.message))\n\n" + Usage.text(error.topic))
            return ExitStatus.usage
        }
        switch command {
        case .help(let topic):
            Console.out(Usage.text(topic) + "\n")
            return ExitStatus.ok
        case .version:
            Console.out(Usage.version + "\n")
            return ExitStatus.ok
        case .completions(let shell):
            Console.out(Completions.script(shell))
            return ExitStatus.ok
        case .list(let invocation, let json):
            return run(invocation, environment, checksServer: true) { invocation, remote, environment in
                ListCommand(json: json, sort: invocation.photoSort).run { each in load(invocation, remote, each: each) }
            }
        case .render(let invocation):
            return run(invocation, environment) { invocation, remote, environment in
                RenderCommand(settings: invocation.settings, environment: environment, captions: false, images: remote.images)
                    .run(library: load(invocation, remote), strict: true)
            }
        case .show(let invocation):
            return run(invocation, environment) { invocation, remote, environment in
                // A person at a terminal gets the pager (drawn on /dev/tty, so stdout stays free for
                // the shared URLs); a script with neither end on a terminal gets one-shot output,
                // and a remote feed then stops at --limit.
                if isatty(0) == 1 || isatty(1) == 1, let device = try? TerminalDevice.openControllingTerminal() {
                    // A long-running pager's resident size matters; a one-shot run's does not,
                    // and the fixed mmap threshold costs `list` of 10,000 files 35 ms.
                    Platform.tuneMemory()
                    let source = remote.library ?? invocation.feed.flatMap { feed in remote.client.map { UnsplashSource(feed: feed, client: $0) } }
                    // A feed opens at once, empty: its first page arrives like every later one,
                    // so a slow or failing server is a status-line message, never a blank wait.
                    let library = source != nil ? .success(PhotoLibrary()) : load(invocation, remote, lazily: true)
                    return BrowseCommand(settings: invocation.settings, environment: environment,
                                         sources: invocation.sources, source: source, remote: remote, output: invocation.output,
                                         slideshowSeconds: invocation.flags.slideshowSeconds, slideshowPace: invocation.slideshowPace,
                                         loops: invocation.flags.loop ?? false,
                                         sort: invocation.photoSort,
                                         printsRated: invocation.flags.printForm != nil ? invocation.ratingFilter : nil,
                                         keyHandler: invocation.flags.keyHandler)
                        .run(library: library, on: device)
                }
                return RenderCommand(settings: invocation.settings, environment: environment, captions: true, images: remote.images)
                    .run(library: load(invocation, remote), strict: false)
            }
        }
    }

    /// Reads the config file, applies precedence, checks that a feed has a key, then runs `body`.
    /// `checksServer`: a library server's version is asked before anything else (`list`).
    private static func run(_ invocation: Invocation, _ environment: [String: String], checksServer: Bool = false,
                            _ body: (Invocation, RemoteServices, [String: String]) -> Int32) -> Int32 {
        let config: ConfigFile
        do {
            config = try ConfigFile.load(environment: environment)
        } catch {
            Console.report(error.description)
            return ExitStatus.usage
        }
        config.warnings.forEach(Console.report)
        let resolved = invocation.resolved(environment: environment, config: config)
        if resolved.feed != nil, resolved.flags.accessKey == nil {
            Console.report(RemoteServices.missingKey)
            return ExitStatus.usage
        }
        var remote = RemoteServices(environment: environment, settings: resolved.settings, accessKey: resolved.flags.accessKey,
                                    downloadDir: resolved.flags.downloadDir)
        if resolved.immich != nil {
            switch ImmichStart.source(resolved, transport: remote.transport, cache: remote.cache, timeout: remote.timeout,
                                      checksServer: checksServer) {
            case .success(let source): remote.library = source
            case .failure(let failure):
                Console.report(failure.message)
                return failure.status
            }
        }
        return body(resolved, remote, Invocation.environmentAfterResolving(environment))
    }

    /// Photos of a long folder made before the pager opens: more than any first screen and its
    /// neighbours need.
    static let listingFirst = 2000

    /// The named sources, a feed's first `--limit` photos (30 unless given), or the bundled sample
    /// set when nothing is named. `lazily`: the pager reads headers itself, as the screen needs them.
    /// `each`: the photos of the named sources are handed over as they are made (see
    /// `PhotoLibrary.load`); a feed's and the bundled set's are in the library returned.
    private static func load(_ invocation: Invocation, _ remote: RemoteServices, lazily: Bool = false,
                             each: (([LibraryPhoto]) -> Void)? = nil) -> Result<PhotoLibrary, PhotoLibrary.LoadError> {
        if let library = remote.library {
            do {
                return .success(PhotoLibrary(photos: try library.photos(limit: invocation.limit ?? Invocation.defaultFeedLimit)))
            } catch {
                return .failure(.init(description: "\(error)"))
            }
        }
        if let wanted = invocation.feed {
            guard let source = remote.client.map({ UnsplashSource(feed: wanted, client: $0) }) else {
                return .failure(.init(description: RemoteServices.missingKey))
            }
            do {
                let photos = try source.photos(limit: invocation.limit ?? Invocation.defaultFeedLimit)
                return .success(PhotoLibrary(photos: photos))
            } catch {
                return .failure(.init(description: "\(error)"))
            }
        }
        if invocation.sources.isEmpty {
            return Result {
                var library = try PhotoLibrary.bundled()
                if let rated = invocation.ratingFilter { library.keepRated(rated) }
                if let limit = invocation.limit { library.keepFirst(limit) }
                return library
            }.mapError { $0 as! PhotoLibrary.LoadError }
        }
        // A long folder opens on its first photos while the rest is listed (not when `--limit`
        // or `--sort` needs the whole listing first).
        let streams = lazily && invocation.limit == nil && invocation.photoSort == nil
        return .success(PhotoLibrary.load(invocation.sources, lazily: lazily, preferRaw: invocation.preferRaw,
                                          listingFirst: streams ? Self.listingFirst : nil, limit: invocation.limit,
                                          ratings: remote.ratings, rated: invocation.ratingFilter, each: each))
    }
}

/// The exit statuses: 0 ok, 1 a photo or source failed, 2 a usage error.
enum ExitStatus {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    /// Ctrl-C in the pager: 128 + SIGINT, as shells report an interrupt (and fzf an abort).
    static let aborted: Int32 = 130
}

/// stdout/stderr through write(2) (Swift 6 forbids Glibc's `stdout` global); every message
/// about a file passes through the sanitiser, since file names are untrusted text.
enum Console {
    static func out(_ text: String) { Platform.write(1, text) }
    static func out(_ bytes: [UInt8]) -> Bool { Platform.write(1, bytes) }
    static func error(_ text: String) { Platform.write(2, text.hasSuffix("\n") ? text : text + "\n") }
    /// To stderr as it is: no newline added (a progress line rewritten in place).
    static func raw(_ text: String) { Platform.write(2, text) }

    /// "photopager: <message>" with control characters stripped.
    static func report(_ message: String) {
        error("photopager: " + TerminalText.sanitized(message))
    }

    /// Prints the library's notes and problems; returns whether there were problems.
    static func reportLoad(_ library: PhotoLibrary, notesAreProblems: Bool) -> Bool {
        library.notes.forEach(report)
        library.problems.forEach(report)
        return !library.problems.isEmpty || (notesAreProblems && !library.notes.isEmpty)
    }
}
