import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import Unsplash

/// What the person asked for, parsed from the command line.
enum Command: Equatable {
    case help(HelpTopic)
    case version
    /// `completions SHELL`: the completion script.
    case completions(Completions.Shell)
    /// The pager at a terminal; the photos drawn once otherwise.
    case show(Invocation)
    case list(Invocation, json: Bool)
    case render(Invocation)
}

enum HelpTopic: String, Equatable, CaseIterable {
    case main, list, render
}

/// Everything a browsing, listing or drawing run was told.
struct Invocation: Equatable {
    var sources: [String] = []
    var settings = RenderSettings()
    /// `--unsplash`, `--search`, `--collection`, `--topic`, `--user`.
    var feed: UnsplashFeed?
    /// `--immich [URL]` and what narrows it: an Immich library instead of a feed.
    var immich: ImmichRequest?
    /// `--limit N`: how many photos a remote feed lists (default 30); local sources list all unless given.
    var limit: Int?
    static let defaultFeedLimit = 30
    /// Settings the config file may also hold: nil when not on the command line.
    var flags = OverridableFlags()
    /// `--seed N` for `--sort random` (a flag only: a fixed seed in the config file would make
    /// "random" the same every run).
    var seed: UInt64?
    /// `--raw`: of a RAW + JPEG pair, show the RAW.
    var preferRaw = false
    /// `slideshow_seconds` in the config file: the pace of a slideshow started with S.
    var slideshowPace: Double?

    /// `--print FORM`, `--print0`: what the pager prints at exit.
    var output: ExitOutput { ExitOutput(form: flags.printForm ?? .url, nulSeparated: flags.print0 ?? false) }

    /// `--min-rating`, `--rejected`: nil when every photo is wanted.
    var ratingFilter: RatingFilter? {
        if flags.rejected == true { return RatingFilter(rejectedOnly: true) }
        return flags.minRating.map { RatingFilter(minimum: $0) }
    }

    /// The order asked for, if any; without `--seed` a random order differs each run.
    var photoSort: PhotoSort? {
        let reverse = flags.reverse ?? false
        guard let sort = flags.sort else { return reverse ? PhotoSort(key: nil, reverse: true) : nil }
        return PhotoSort(key: sort, reverse: reverse, seed: seed ?? UInt64.random(in: 0 ... .max))
    }
}

/// Settings with a flag and a config-file key (and maybe an environment variable): what the
/// command line gave, and what the config file gave, are each one of these; precedence
/// flag > environment > config > default is applied by `Invocation.resolved`.
struct OverridableFlags: Equatable {
    /// "auto" or a renderer name.
    var renderer: String?
    var clipboard: Bool?
    var cacheMB: Int?
    var memoryMB: Int?
    var accessKey: String?
    /// `--immich URL` / `immich_url`, `--immich-key` / `IMMICH_API_KEY` / `immich_api_key`.
    var immichURL: String?
    var immichKey: String?
    /// `immich_link_days` (config only): how long a public link (`P`) works; 0: until revoked.
    var immichLinkDays: Int?
    /// `immich_ca_file` (config only): the server's own certificate authority.
    var immichCAFile: String?
    /// Where `d` saves originals (`--download-dir`).
    var downloadDir: String?
    /// `--slideshow SECONDS`: the pager opens on the first photo with the slideshow running.
    var slideshowSeconds: Double?
    /// `--loop`: the slideshow starts again after the last photo.
    var loop: Bool?
    /// `--print FORM`, `--print0`.
    var printForm: ExitOutput.Form?
    var print0: Bool?
    /// `--sort`, `--reverse`.
    var sort: PhotoSort.Key?
    var reverse: Bool?
    /// `--min-rating N` / `min_rating`, `--rejected`: the photos kept by their stars.
    var minRating: Int?
    var rejected: Bool?
    /// `key_handler` (config only): the executable Ctrl-X runs.
    var keyHandler: String?
}

/// What part of an Immich library to browse, as the command line said (names are looked up
/// on the server when the run starts).
struct ImmichRequest: Equatable {
    var album: String?
    var person: String?
    var favourites = false
    var text: String?
    var since: String?
    var until: String?
    var videos = false
}

/// Flags shared by everything that draws photos.
struct RenderSettings: Equatable {
    /// nil = auto: probed from the terminal, else environment hints.
    var renderer: RendererKind?
    /// nil = the terminal's size (or 80x24 when stdout is not a terminal).
    var size: CellSize?
    /// nil = from the terminal (TIOCGWINSZ), else 10x20.
    var cellSize: CellPixelSize?
    var maxPixels = DecodeRequest.defaultMaxPixels
    /// Sharing also copies with OSC 52 (`--no-clipboard`, `clipboard = false` turn it off).
    var clipboard = true
    /// The disk cache's budget in megabytes (0: no disk cache).
    var cacheMB = 500
    /// The in-memory budget for ready-to-draw images, in megabytes: the screen and the pager's
    /// ±2 neighbours need far less than the default.
    var memoryMB = 48
}

/// A mistake in the command line: printed with the usage of `topic`, exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    let topic: HelpTopic
    var description: String { message }
}
