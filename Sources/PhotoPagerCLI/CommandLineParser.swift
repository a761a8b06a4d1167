/// Turns argv into a `Command`. Hand-written (no package dependencies allowed) but strict:
/// unknown flags, missing values and malformed sizes are usage errors, never guesses. What each
/// flag takes and does is `FlagTable`'s; this reads the arguments, finds each flag there, hands
/// it its value, and asks `ParsedFlags` for the command at the end.
struct CommandLineParser {
    private var arguments: ArraySlice<String>
    private var topic = HelpTopic.main

    private init(_ arguments: [String]) { self.arguments = arguments[...] }

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
        var parsed = ParsedFlags(topic: topic)
        while let argument = arguments.popFirst() {
            if argument == "--" { parsed.invocation.sources += arguments; break }
            guard argument.hasPrefix("-"), argument != "-" else { parsed.invocation.sources.append(argument); continue }
            let (name, inline) = Self.split(argument)
            guard let (flag, on) = FlagTable.flag(named: name) else { throw usage("unknown option '\(name)'") }
            if !flag.topics.contains(topic) {
                switch flag.elsewhere {
                case .unknown: throw usage("unknown option '\(name)'")
                case .refused(let reason): throw usage("\(name) \(reason)")
                case .tolerated: break
                }
            }
            let input = FlagInput(name: name, value: try value(of: flag, name, inline), on: on, topic: topic,
                                  choices: flag.value.choices)
            try flag.apply(&parsed, input)
            if let stop = parsed.stop { return stop }
        }
        return try parsed.command()
    }

    /// "--size=80x24" → ("--size", "80x24"); "--size" → ("--size", nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The value after `=`, else the next argument; a switch takes none.
    private mutating func value(of flag: Flag, _ name: String, _ inline: String?) throws(UsageError) -> String {
        if flag.value == .none {
            guard inline == nil else { throw usage("\(name) takes no value") }
            return ""
        }
        if let inline { return inline }
        if case .optionalAddress = flag.value {
            guard let next = arguments.first, next.lowercased().hasPrefix("http://") || next.lowercased().hasPrefix("https://")
            else { return "" }
            return arguments.removeFirst()
        }
        guard let next = arguments.popFirst() else { throw usage("\(name) needs a value") }
        return next
    }

    private func usage(_ message: String) -> UsageError { UsageError(message: message, topic: topic) }
}
