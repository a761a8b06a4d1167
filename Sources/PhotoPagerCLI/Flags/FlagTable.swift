import PhotoPagerBase
import TerminalGraphics

/// Every flag photopager takes, each declared once: `CommandLineParser` parses by it, `Usage`
/// prints its help rows, the man page's option list is made of it (`FlagDocsTests` keeps
/// Resources/photopager.1 so) and `Completions` writes the shells' scripts from it. A new flag
/// is one entry here, in one of the groups.
enum FlagTable {
    static let all: [Flag] = FlagGroup.allCases.flatMap(flags(in:))

    static func flags(in group: FlagGroup) -> [Flag] {
        switch group {
        case .drawing: drawing
        case .limits: limits
        case .output: output
        case .order: order
        case .pager: pager
        case .budgets: budgets
        case .unsplash: unsplash
        case .immich: immich
        case .listing: listing
        case .about: about
        }
    }

    /// Each spelling → its flag, and whether it was the `--no-` one.
    private static let byName: [String: (flag: Flag, on: Bool)] = {
        var names: [String: (Flag, Bool)] = [:]
        for flag in all {
            for name in flag.names {
                precondition(names[name] == nil, "\(name) is declared twice")
                names[name] = (flag, name != flag.offName)
            }
        }
        return names
    }()

    static func flag(named name: String) -> (flag: Flag, on: Bool)? { byName[name] }

    /// The long names `topic` takes, in the table's order (for completions).
    static func names(_ topic: HelpTopic) -> [String] {
        all.filter { $0.topics.contains(topic) }.flatMap(\.longNames)
    }

    static let everyCommand: Set<HelpTopic> = [.main, .list, .render]
    static let feeds: Set<HelpTopic> = [.main, .list]

    static let drawing = [
        Flag("--renderer", .choices(["auto"] + RendererKind.allCases.map(\.rawValue), placeholder: "NAME"),
             for: [.main, .render],
             help: """
             auto, sixel, kitty, iterm2, blocks or caca (default auto:
             probed from the terminal)
             """,
             helpIn: [.render: """
             auto, sixel, kitty, iterm2, blocks or caca (default auto:
             asked of the terminal when stdout is one, else chosen
             from TERM, TERM_PROGRAM, KITTY_WINDOW_ID, COLORTERM)
             """],
             manual: #"""
             \fBauto\fR (default), \fBsixel\fR, \fBkitty\fR, \fBiterm2\fR, \fBblocks\fR or \fBcaca\fR.
             \fBauto\fR asks the terminal (device attributes, the kitty graphics query, XTVERSION;
             at most 200 ms) and reads \fBTERM\fR, \fBTERM_PROGRAM\fR, \fBLC_TERMINAL\fR,
             \fBKITTY_WINDOW_ID\fR, \fBKONSOLE_VERSION\fR, \fBVTE_VERSION\fR, \fBCOLORTERM\fR,
             \fBTMUX\fR, \fBSTY\fR and \fBZELLIJ\fR; when standard output is not a terminal, only the
             environment is read. Inside tmux or Zellij, the multiplexer is asked first: when its own
             device attributes list sixel, it is drawn on directly. Otherwise, inside tmux with
             \fBallow-passthrough\fR on, the terminal around tmux is asked (at most 400 ms) and sixel
             or kitty graphics are drawn through passthrough, each image placed by the pane's position
             (polled every 300 ms, with whether the pane is shown). While another tmux window covers the
             pane, kitty images are taken off the screen by writing to the terminals attached to the
             session, since tmux passes nothing on from a hidden pane.
             """#) { parsed, input throws(UsageError) in
            guard let renderer = SettingValues.renderer(input.value) else {
                throw input.usage("unknown renderer '\(input.value)' (\(SettingValues.rendererChoices))")
            }
            parsed.invocation.flags.renderer = renderer
        },
        Flag("--size", .text("COLSxROWS"), for: [.main, .render],
             help: "area to draw in (default: the terminal, else 80x24)",
             manual: "The area to draw in, in character cells. Default: the terminal's size, else 80x24.") { parsed, input throws(UsageError) in
            let (columns, rows) = try input.dimensions()
            parsed.invocation.settings.size = CellSize(columns: columns, rows: rows)
        },
        Flag("--cell-size", .text("WxH"), for: [.main, .render],
             help: "pixels per character cell (default: from the terminal, else 10x20)",
             manual: "Pixels per character cell. Default: from the terminal (TIOCGWINSZ), else 10x20.") { parsed, input throws(UsageError) in
            let (width, height) = try input.dimensions()
            parsed.invocation.settings.cellSize = CellPixelSize(width: width, height: height)
        },
    ]

    static let limits = [
        Flag("--max-megapixels", .text("N"), for: everyCommand,
             help: "refuse larger images before decoding (default 200)",
             helpIn: [.list: "accepted for symmetry; listing decodes no pixels"],
             manual: #"Refuse images larger than \fIN\fR megapixels before decoding them (default 200)."#) { parsed, input throws(UsageError) in
            guard let megapixels = Double(input.value), megapixels > 0, megapixels <= 10_000 else {
                throw input.usage("--max-megapixels needs a number of megapixels, got '\(input.value)'")
            }
            parsed.invocation.settings.maxPixels = Int(megapixels * 1_000_000)
        },
    ]

    static let budgets = [
        Flag("--cache-mb", .text("N"), for: everyCommand,
             help: "disk cache budget in MB (default 500; 0 = none)",
             helpIn: [.render: "disk cache budget in MB for downloads (default 500; 0 = none)"],
             manual: """
             The disk cache's budget in megabytes (default 500; 0 turns it off). Least recently used
             entries are removed first.
             """) { parsed, input throws(UsageError) in
            guard let megabytes = SettingValues.megabytes(input.value, in: SettingValues.cacheMB) else {
                throw input.usage("--cache-mb needs a number of megabytes (0 turns the disk cache off), got '\(input.value)'")
            }
            parsed.invocation.flags.cacheMB = megabytes
        },
        Flag("--memory-mb", .text("N"), for: [.main],
             help: "memory for images ready to draw, in MB (default 48)",
             manual: "Memory for images ready to draw, in megabytes (default 48); the least recently used go first.") { parsed, input throws(UsageError) in
            guard let megabytes = SettingValues.megabytes(input.value, in: SettingValues.memoryMB) else {
                throw input.usage("--memory-mb needs a number of megabytes (at least 1), got '\(input.value)'")
            }
            parsed.invocation.flags.memoryMB = megabytes
        },
    ]

    static let about = [
        Flag("--help", short: "-h", for: everyCommand,
             help: "show this help", manual: "Show help and exit.") { parsed, _ throws(UsageError) in
            parsed.stop = .help(parsed.topic)
        },
        // Every command takes it; only the main help names it.
        Flag("--version", short: "-V", for: [.main], elsewhere: .tolerated,
             help: "show the version", manual: "Show the version and exit.") { parsed, _ throws(UsageError) in
            parsed.stop = .version
        },
    ]
}
