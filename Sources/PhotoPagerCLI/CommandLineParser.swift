import PhotoPagerBase
import TerminalGraphics
import Unsplash

/// Turns argv into a `Command`. Hand-written (no package dependencies allowed) but strict:
/// unknown flags, missing values and malformed sizes are usage errors, never guesses.
struct CommandLineParser {
    private var arguments: ArraySlice<String>
    private var topic = HelpTopic.main
    private var invocation = Invocation()
    private var search = UnsplashFeed.SearchQuery(query: "")
    private var feedFlag: String?

    init(_ arguments: [String]) { self.arguments = arguments[...] }

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var parser = CommandLineParser(arguments)
        return try parser.parse()
    }

    private mutating func parse() throws(UsageError) -> Command {
        switch arguments.first {
        case "list": arguments.removeFirst(); topic = .list
        case "render": arguments.removeFirst(); topic = .render
        case "completions":
            arguments.removeFirst()
            let choices = Completions.Shell.allCases.map(\.rawValue).joined(separator: ", ")
            guard let name = arguments.popFirst(), let shell = Completions.Shell(rawValue: name), arguments.isEmpty else {
                throw UsageError(message: "completions needs one shell: \(choices)", topic: .main)
            }
            return .completions(shell)
        case "help":
            arguments.removeFirst()
            guard let name = arguments.popFirst() else { return .help(.main) }
            guard let topic = HelpTopic(rawValue: name) else { throw UsageError(message: "no help for '\(name)'", topic: .main) }
            return .help(topic)
        default: break
        }
        var json = false
        while let argument = arguments.popFirst() {
            if argument == "--" { invocation.sources += arguments; break }
            guard argument.hasPrefix("-"), argument != "-" else { invocation.sources.append(argument); continue }
            let (flag, inline) = Self.split(argument)
            switch flag {
            case "-h", "--help": return .help(topic)
            case "-V", "--version": return .version
            case "--json" where topic == .list:
                try noValue(flag, inline)
                json = true
            default:
                if try !parseDrawing(flag, inline), try !parseRemote(flag, inline) {
                    throw usage("unknown option '\(flag)'")
                }
            }
        }
        try finishFeed()
        switch topic {
        case .list: return .list(invocation, json: json)
        case .render:
            guard !invocation.sources.isEmpty else { throw usage("render needs at least one FILE or URL") }
            guard invocation.feed == nil else { throw usage("render draws FILEs and URLs; browse a feed with photopager \(feedFlag ?? "")") }
            return .render(invocation)
        case .main: return .show(invocation)
        }
    }

    /// Flags about drawing and the app's behaviour; false when `flag` is not one of them.
    private mutating func parseDrawing(_ flag: String, _ inline: String?) throws(UsageError) -> Bool {
        switch flag {
        case "--renderer" where topic != .list:
            let name = try value(flag, inline)
            guard let renderer = SettingValues.renderer(name) else {
                throw usage("unknown renderer '\(name)' (\(SettingValues.rendererChoices))")
            }
            invocation.flags.renderer = renderer
        case "--size" where topic != .list:
            let (columns, rows) = try dimensions(flag, try value(flag, inline))
            invocation.settings.size = CellSize(columns: columns, rows: rows)
        case "--cell-size" where topic != .list:
            let (width, height) = try dimensions(flag, try value(flag, inline))
            invocation.settings.cellSize = CellPixelSize(width: width, height: height)
        case "--clipboard" where topic == .main, "--no-clipboard" where topic == .main:
            try noValue(flag, inline)
            invocation.flags.clipboard = flag == "--clipboard"
        case "--sort" where topic != .render:
            let key = try choice(flag, try value(flag, inline), PhotoSort.Key.allCases.map(\.rawValue))
            invocation.flags.sort = PhotoSort.Key(rawValue: key)
        case "--reverse" where topic != .render, "--no-reverse" where topic != .render:
            try noValue(flag, inline)
            invocation.flags.reverse = flag == "--reverse"
        case "--raw" where topic != .render:
            try noValue(flag, inline)
            invocation.preferRaw = true
        case "--seed" where topic != .render:
            let text = try value(flag, inline)
            guard let seed = UInt64(text) else { throw usage("--seed needs a whole number (0 or more), got '\(text)'") }
            invocation.seed = seed
        case "--slideshow" where topic == .main:
            let text = try value(flag, inline)
            guard let seconds = SettingValues.slideshowSeconds(text) else {
                throw usage("--slideshow needs seconds between photos (0.1 to 86400), got '\(text)'")
            }
            invocation.flags.slideshowSeconds = seconds
        case "--loop" where topic == .main, "--no-loop" where topic == .main:
            try noValue(flag, inline)
            invocation.flags.loop = flag == "--loop"
        case "--download-dir" where topic == .main:
            invocation.flags.downloadDir = try nonEmpty(flag, try value(flag, inline))
        case "--print", "--print0", "--no-print0":
            guard topic == .main else { throw usage("\(flag) is for the pager: what it prints at exit") }
            if flag == "--print" {
                let form = try choice(flag, try value(flag, inline), ExitOutput.Form.allCases.map(\.rawValue))
                invocation.flags.printForm = ExitOutput.Form(rawValue: form)
            } else {
                try noValue(flag, inline)
                invocation.flags.print0 = flag == "--print0"
            }
        case "--max-megapixels":
            let text = try value(flag, inline)
            guard let megapixels = Double(text), megapixels > 0, megapixels <= 10_000 else {
                throw usage("--max-megapixels needs a number of megapixels, got '\(text)'")
            }
            invocation.settings.maxPixels = Int(megapixels * 1_000_000)
        case "--cache-mb":
            let text = try value(flag, inline)
            guard let megabytes = SettingValues.megabytes(text, in: SettingValues.cacheMB) else {
                throw usage("--cache-mb needs a number of megabytes (0 turns the disk cache off), got '\(text)'")
            }
            invocation.flags.cacheMB = megabytes
        case "--memory-mb" where topic == .main:
            let text = try value(flag, inline)
            guard let megabytes = SettingValues.megabytes(text, in: SettingValues.memoryMB) else {
                throw usage("--memory-mb needs a number of megabytes (at least 1), got '\(text)'")
            }
            invocation.flags.memoryMB = megabytes
        default:
            return false
        }
        return true
    }

    /// Unsplash flags; false when `flag` is not one of them.
    private mutating func parseRemote(_ flag: String, _ inline: String?) throws(UsageError) -> Bool {
        switch flag {
        case "--unsplash":
            try noValue(flag, inline)
            try setFeed(flag, .editorial)
        case "--search": search.query = try value(flag, inline); try setFeed(flag, .search(search))
        case "--collection": try setFeed(flag, .collection(try nonEmpty(flag, try value(flag, inline))))
        case "--topic": try setFeed(flag, .topic(try nonEmpty(flag, try value(flag, inline))))
        case "--user": try setFeed(flag, .user(try nonEmpty(flag, try value(flag, inline))))
        case "--orientation": search.orientation = try choice(flag, try value(flag, inline), UnsplashFeed.orientations)
        case "--search-color": search.color = try choice(flag, try value(flag, inline), UnsplashFeed.colors)
        case "--order-by": search.orderBy = try choice(flag, try value(flag, inline), UnsplashFeed.searchOrders)
        case "--access-key": invocation.flags.accessKey = try nonEmpty(flag, try value(flag, inline))
        case "--limit":
            let text = try value(flag, inline)
            guard let limit = Int(text), limit > 0 else { throw usage("--limit needs a positive number of photos, got '\(text)'") }
            invocation.limit = limit
        default:
            return false
        }
        return true
    }

    /// `--unsplash` may stand beside one of the others (`--unsplash --search cats`); two
    /// different feeds may not.
    private mutating func setFeed(_ flag: String, _ feed: UnsplashFeed) throws(UsageError) {
        if let earlier = feedFlag, earlier != "--unsplash", flag != "--unsplash", earlier != flag {
            throw usage("\(earlier) and \(flag) are two different feeds: choose one")
        }
        if flag != "--unsplash" || invocation.feed == nil {
            invocation.feed = feed
            feedFlag = flag
        }
    }

    /// Search refinements belong to a search; a feed belongs alone.
    private mutating func finishFeed() throws(UsageError) {
        if case .search = invocation.feed {
            guard !search.query.trimmingWhitespace.isEmpty else { throw usage("--search needs words to search for") }
            invocation.feed = .search(search)
        } else if search.orientation != nil || search.color != nil || search.orderBy != nil {
            throw usage("--orientation, --search-color and --order-by refine a --search")
        }
        if invocation.feed != nil, invocation.flags.sort != nil || invocation.flags.reverse != nil || invocation.seed != nil {
            throw usage("--sort, --reverse and --seed order local photos; an Unsplash feed keeps the API's order (a --search takes --order-by relevant|latest)")
        }
        if invocation.feed != nil, !invocation.sources.isEmpty, topic != .render {
            throw usage("an Unsplash feed is browsed on its own: drop \(invocation.sources[0]) or \(feedFlag ?? "the feed flag")")
        }
    }

    /// "--size=80x24" → ("--size", "80x24"); "--size" → ("--size", nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private mutating func value(_ flag: String, _ inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = arguments.popFirst() else { throw usage("\(flag) needs a value") }
        return next
    }

    private func noValue(_ flag: String, _ inline: String?) throws(UsageError) {
        guard inline == nil else { throw usage("\(flag) takes no value") }
    }

    private func nonEmpty(_ flag: String, _ text: String) throws(UsageError) -> String {
        guard !text.trimmingWhitespace.isEmpty else { throw usage("\(flag) needs a value") }
        return text
    }

    private func choice(_ flag: String, _ text: String, _ valid: [String]) throws(UsageError) -> String {
        guard valid.contains(text) else { throw usage("\(flag) '\(text)' is not one of: \(valid.joined(separator: ", "))") }
        return text
    }

    /// "100x40" → (100, 40); both sides 1…10000.
    private func dimensions(_ flag: String, _ text: String) throws(UsageError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]),
              (1 ... 10_000).contains(a), (1 ... 10_000).contains(b)
        else { throw usage("\(flag) wants WIDTHxHEIGHT like 100x40, got '\(text)'") }
        return (a, b)
    }

    private func usage(_ message: String) -> UsageError { UsageError(message: message, topic: topic) }
}
