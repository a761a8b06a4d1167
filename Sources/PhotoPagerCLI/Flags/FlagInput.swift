import PhotoPagerBase
import Unsplash

/// One flag as given, for its `apply`: the spelling, the value, and checks of the value that
/// word their usage errors the same way for every flag.
struct FlagInput {
    /// As given: `--no-loop`, `-h`.
    let name: String
    /// The value (`--size 80x24`, `--size=80x24`); empty for a switch.
    let value: String
    /// False for `--no-NAME`.
    let on: Bool
    /// The command being parsed, whose usage an error prints.
    let topic: HelpTopic
    /// The words a `.choices` flag takes.
    let choices: [String]

    func usage(_ message: String) -> UsageError { UsageError(message: message, topic: topic) }

    /// The value, which must be more than whitespace.
    func nonEmpty() throws(UsageError) -> String {
        guard !value.trimmingWhitespace.isEmpty else { throw usage("\(name) needs a value") }
        return value
    }

    /// The value, which must be one of the flag's words.
    func choice() throws(UsageError) -> String {
        guard choices.contains(value) else { throw usage("\(name) '\(value)' is not one of: \(choices.joined(separator: ", "))") }
        return value
    }

    /// "100x40" → (100, 40); both sides 1…10000.
    func dimensions() throws(UsageError) -> (Int, Int) {
        let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]),
              (1 ... 10_000).contains(a), (1 ... 10_000).contains(b)
        else { throw usage("\(name) wants WIDTHxHEIGHT like 100x40, got '\(value)'") }
        return (a, b)
    }
}

/// What the flags have said so far: the table's `apply`s write here, and the parser makes a
/// `Command` of it once the arguments are read.
struct ParsedFlags {
    let topic: HelpTopic
    var invocation = Invocation()
    var search = UnsplashFeed.SearchQuery(query: "")
    /// The flag that chose `invocation.feed`.
    var feedFlag: String?
    var json = false
    /// `--album`, `--person`… as given, and what they said: they need `--immich`.
    var immichFlags: [String] = []
    var immichNarrowing = ImmichRequest()
    /// Set by `--help` and `--version`: the command, whatever else is on the line.
    var stop: Command?

    init(topic: HelpTopic) { self.topic = topic }

    func usage(_ message: String) -> UsageError { UsageError(message: message, topic: topic) }

    /// `--unsplash` may stand beside one of the others (`--unsplash --search cats`); two
    /// different feeds may not.
    mutating func setFeed(_ flag: String, _ feed: UnsplashFeed) throws(UsageError) {
        if let earlier = feedFlag, earlier != "--unsplash", flag != "--unsplash", earlier != flag {
            throw usage("\(earlier) and \(flag) are two different feeds: choose one")
        }
        if flag != "--unsplash" || invocation.feed == nil {
            invocation.feed = feed
            feedFlag = flag
        }
    }

    /// The command, once every argument is read: the rules between flags, and each command's own.
    func command() throws(UsageError) -> Command {
        var invocation = invocation
        if invocation.flags.minRating != nil, invocation.flags.rejected == true {
            throw usage("--min-rating and --rejected choose different photos: choose one")
        }
        if invocation.immich != nil {
            invocation.immich = try finishedImmich()
            invocation.feed = nil                                   // a --search is the library's
        } else {
            if let flag = immichFlags.first { throw usage("\(flag) goes with --immich") }
            if invocation.flags.immichKey != nil { throw usage("--immich-key goes with --immich") }
            invocation.feed = try finishedFeed()
        }
        switch topic {
        case .list: return .list(invocation, json: json)
        case .render:
            guard !invocation.sources.isEmpty else { throw usage("render needs at least one FILE or URL") }
            guard invocation.feed == nil else { throw usage("render draws FILEs and URLs; browse a feed with photopager \(feedFlag ?? "")") }
            return .render(invocation)
        case .main: return .show(invocation)
        }
    }

    /// An Immich library is browsed on its own, in the server's order; `--search` searches it.
    private func finishedImmich() throws(UsageError) -> ImmichRequest {
        var request = immichNarrowing
        switch invocation.feed {
        case .search?:
            guard !search.query.trimmingWhitespace.isEmpty else { throw usage("--search needs words to search for") }
            request.text = search.query
        case nil: break
        default: throw usage("--immich and \(feedFlag ?? "an Unsplash feed") are two different sources: choose one")
        }
        if search.orientation != nil || search.color != nil || search.orderBy != nil {
            throw usage("--orientation, --search-color and --order-by refine an Unsplash --search")
        }
        if invocation.flags.sort != nil || invocation.flags.reverse != nil || invocation.seed != nil {
            throw usage("--sort, --reverse and --seed order local photos; an Immich library keeps the server's order (newest first)")
        }
        if !invocation.sources.isEmpty { throw usage("an Immich library is browsed on its own: drop \(invocation.sources[0])") }
        if let since = request.since, let until = request.until, since > until { throw usage("--since is after --until") }
        return request
    }

    /// Search refinements belong to a search; a feed belongs alone.
    private func finishedFeed() throws(UsageError) -> UnsplashFeed? {
        var feed = invocation.feed
        if case .search = feed {
            guard !search.query.trimmingWhitespace.isEmpty else { throw usage("--search needs words to search for") }
            feed = .search(search)
        } else if search.orientation != nil || search.color != nil || search.orderBy != nil {
            throw usage("--orientation, --search-color and --order-by refine a --search")
        }
        if feed != nil, invocation.flags.minRating != nil || invocation.flags.rejected != nil {
            throw usage("--min-rating and --rejected choose photos by the stars you gave them; Unsplash's photos have none")
        }
        if feed != nil, invocation.flags.sort != nil || invocation.flags.reverse != nil || invocation.seed != nil {
            throw usage("--sort, --reverse and --seed order local photos; an Unsplash feed keeps the API's order (a --search takes --order-by relevant|latest)")
        }
        if feed != nil, !invocation.sources.isEmpty, topic != .render {
            throw usage("an Unsplash feed is browsed on its own: drop \(invocation.sources[0]) or \(feedFlag ?? "the feed flag")")
        }
        return feed
    }
}
