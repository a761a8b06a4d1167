import TerminalGraphics

/// Turns argv into a `Command`. Hand-written (no package dependencies allowed) but strict:
/// unknown flags, missing values and malformed sizes are usage errors, never guesses.
struct CommandLineParser {
    private var arguments: ArraySlice<String>
    private var topic = HelpTopic.main

    init(_ arguments: [String]) { self.arguments = arguments[...] }

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var parser = CommandLineParser(arguments)
        return try parser.parse()
    }

    private mutating func parse() throws(UsageError) -> Command {
        switch arguments.first {
        case "list": arguments.removeFirst(); topic = .list
        case "render": arguments.removeFirst(); topic = .render
        case "help":
            arguments.removeFirst()
            guard let name = arguments.popFirst() else { return .help(.main) }
            guard let topic = HelpTopic(rawValue: name) else { throw UsageError(message: "no help for '\(name)'", topic: .main) }
            return .help(topic)
        default: break
        }
        var operands: [String] = []
        var settings = RenderSettings()
        var json = false
        while let argument = arguments.popFirst() {
            if argument == "--" { operands += arguments; break }
            guard argument.hasPrefix("-"), argument != "-" else { operands.append(argument); continue }
            let (flag, inline) = Self.split(argument)
            switch flag {
            case "-h", "--help": return .help(topic)
            case "-V", "--version": return .version
            case "--json" where topic == .list:
                guard inline == nil else { throw usage("--json takes no value") }
                json = true
            case "--renderer" where topic != .list:
                let name = try value(flag, inline)
                if name != "auto" {
                    guard let kind = RendererKind(rawValue: name) else {
                        throw usage("unknown renderer '\(name)' (auto, \(RendererKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    settings.renderer = kind
                }
            case "--size" where topic != .list:
                let (cols, rows) = try dimensions(flag, try value(flag, inline))
                settings.size = CellSize(cols: cols, rows: rows)
            case "--cell-size" where topic != .list:
                let (width, height) = try dimensions(flag, try value(flag, inline))
                settings.cellSize = CellPixelSize(width: width, height: height)
            case "--no-clipboard" where topic == .main:
                guard inline == nil else { throw usage("--no-clipboard takes no value") }
                settings.clipboard = false
            case "--max-megapixels":
                let text = try value(flag, inline)
                guard let megapixels = Double(text), megapixels > 0, megapixels <= 10_000 else {
                    throw usage("--max-megapixels needs a number of megapixels, got '\(text)'")
                }
                settings.maxPixels = Int(megapixels * 1_000_000)
            default:
                throw usage("unknown option '\(flag)'")
            }
        }
        switch topic {
        case .list: return .list(sources: operands, json: json)
        case .render:
            guard !operands.isEmpty else { throw usage("render needs at least one FILE") }
            return .render(files: operands, settings)
        case .main: return .show(sources: operands, settings)
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
