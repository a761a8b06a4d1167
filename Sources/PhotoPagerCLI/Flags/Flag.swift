/// One option of the command line, declared once: its names, the value it takes, the commands
/// that take it, what `--help` and the man page say of it, and what it does to the parse. The
/// parser, the help texts, the man page's option list and the completion scripts are all read
/// from `FlagTable`, as the key map drives the keys' help (swift-argument-parser's `@Option`
/// carries the same facts).
struct Flag: Sendable {
    /// `--loop`; with `inverted`, `--no-loop` too.
    let name: String
    /// `-h`, `-V`.
    let short: String?
    /// Also `--no-NAME`, which turns the setting off for one run (`FlagInput.on` says which was given).
    let inverted: Bool
    let value: FlagValue
    /// The commands that take it: these offer it in completions and describe it in their help.
    let topics: Set<HelpTopic>
    /// What giving it to another command does.
    let elsewhere: Elsewhere
    /// What `--help` says, in each of `topics` unless `helpIn` words it differently there.
    let help: Doc
    let helpIn: [HelpTopic: Doc]
    /// The man page's words, roff.
    let manual: Doc
    /// What it does to the parse: a value checked and set, a feed chosen, or parsing stopped.
    let apply: @Sendable (inout ParsedFlags, FlagInput) throws(UsageError) -> Void

    init(_ name: String, short: String? = nil, inverted: Bool = false, _ value: FlagValue = .none,
         for topics: Set<HelpTopic>, elsewhere: Elsewhere = .unknown,
         help: Doc, helpIn: [HelpTopic: Doc] = [:], manual: Doc,
         apply: @escaping @Sendable (inout ParsedFlags, FlagInput) throws(UsageError) -> Void) {
        self.name = name
        self.short = short
        self.inverted = inverted
        self.value = value
        self.topics = topics
        self.elsewhere = elsewhere
        self.help = help
        self.helpIn = helpIn
        self.manual = manual
        self.apply = apply
    }

    /// `--no-loop` for `--loop`, when it has one.
    var offName: String? { inverted ? "--no-" + name.dropFirst(2) : nil }

    /// The long names, as completions offer them: `--loop`, `--no-loop`.
    var longNames: [String] { [name] + (offName.map { [$0] } ?? []) }

    /// Every spelling the parser takes.
    var names: [String] { (short.map { [$0] } ?? []) + longNames }

    /// What `topic`'s help says of it; nil when `topic` does not take it.
    func doc(in topic: HelpTopic) -> Doc? {
        topics.contains(topic) ? helpIn[topic] ?? help : nil
    }
}

/// What a flag's value is.
enum FlagValue: Equatable, Sendable {
    /// A switch: `--raw`.
    case none
    /// Typed freely (a size, a number, a query): nothing to offer. The placeholder is what the
    /// help shows: `--size COLSxROWS`.
    case text(String)
    /// One of `words`; the help shows `placeholder`, or the words themselves (`--sort name|date|random`).
    case choices([String], placeholder: String? = nil)
    /// A folder.
    case directory(String)
    /// An http(s) address that may be left out: the next argument is taken only when it starts
    /// with http:// or https:// (`--immich URL`, `--immich --album X`).
    case optionalAddress(String)

    /// What the help puts after the name, if anything.
    var placeholder: String? {
        switch self {
        case .none: nil
        case .text(let placeholder), .directory(let placeholder): placeholder
        case .optionalAddress(let placeholder): "[" + placeholder + "]"
        case .choices(let words, let placeholder): placeholder ?? words.joined(separator: "|")
        }
    }

    /// Whether the placeholder is the words a flag takes rather than a name for them.
    var placeholderIsTheWords: Bool {
        if case .choices(_, nil) = self { return true }
        return false
    }

    /// The words a `.choices` flag takes; empty for the others.
    var choices: [String] {
        if case .choices(let words, _) = self { return words }
        return []
    }
}

/// What a flag does on a command it does not belong to.
enum Elsewhere: Equatable, Sendable {
    /// A usage error: "unknown option".
    case unknown
    /// A usage error that says why: `--print is for the pager: what it prints at exit`.
    case refused(String)
    /// Parsed anyway and left undocumented there: a feed flag given to render is parsed so that
    /// render can say where feeds are browsed; `--limit` keeps the first photos it draws.
    case tolerated
}

/// What a help page or the man page says of a flag.
enum Doc: Equatable, Sendable, ExpressibleByStringLiteral {
    /// A row (an item in the man page) of its own: the flag, its placeholder, this text.
    case row(String)
    /// Named on the row of the flag before it, which has the text (`--collection ID, --topic SLUG`).
    case joined
    /// No row: the page's prose or another flag's text names it (`--orientation` under `--search`).
    case prose

    init(stringLiteral text: String) { self = .row(text) }
}

/// The flags that stand together, in the man page's order. Each help page lists its groups in
/// an order of its own, and a group's flags in the table's order.
enum FlagGroup: Sendable, CaseIterable {
    /// How photos are drawn: renderer, area, cell size.
    case drawing
    /// What may be decoded at all.
    case limits
    /// What the pager gives back: the clipboard, what is printed at exit.
    case output
    /// Which photos, in what order.
    case order
    /// How the pager runs: slideshow, downloads.
    case pager
    /// Disk and memory.
    case budgets
    /// Unsplash feeds, and how many photos are taken from one.
    case unsplash
    /// An Immich library, and what part of it.
    case immich
    /// `list`'s own.
    case listing
    /// Help and version.
    case about
}
