/// The table as the manuals print it: the rows of each `--help` page, and the man page's option
/// list (Resources/photopager.1 holds it exactly; `FlagDocsTests` compares them).
extension FlagTable {
    /// `topic`'s help rows for the flags of `groups`, in that order: the flag and its
    /// placeholder from column 2, its text from column 25, or on the next line when the flag
    /// is wider.
    static func helpRows(_ topic: HelpTopic, _ groups: [FlagGroup]) -> String {
        let indent = String(repeating: " ", count: 25)
        return rows(groups) { $0.doc(in: topic) }.map { flags, text in
            let label = flags.map(plainLabel).joined(separator: ", ")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
            return label.count <= 21
                ? "  " + label + String(repeating: " ", count: 23 - label.count) + lines
                : "  " + label + "\n" + indent + lines
        }.joined(separator: "\n")
    }

    /// For the man page: a `.TP` item per row, every group in order.
    static var roff: String {
        rows(FlagGroup.allCases) { $0.manual }.map { flags, text in
            ".TP\n" + flags.map(roffLabel).joined(separator: ", ") + "\n" + text
        }.joined(separator: "\n")
    }

    /// The rows of `groups`: a flag whose doc is a `.row` starts one; a `.joined` one adds itself
    /// to the row before; a `.prose` one, or one without a doc here, has none.
    private static func rows(_ groups: [FlagGroup], _ doc: (Flag) -> Doc?) -> [(flags: [Flag], text: String)] {
        var rows: [(flags: [Flag], text: String)] = []
        for flag in groups.flatMap(flags(in:)) {
            switch doc(flag) {
            case .row(let text): rows.append(([flag], text))
            case .joined:
                precondition(!rows.isEmpty, "\(flag.name) joins no row")
                rows[rows.count - 1].flags.append(flag)
            case .prose, nil: break
            }
        }
        return rows
    }

    /// `-h, --help`, `--size COLSxROWS`, `--loop, --no-loop`.
    private static func plainLabel(_ flag: Flag) -> String {
        let long = flag.name + (flag.value.placeholder.map { " " + $0 } ?? "")
        return ([flag.short, long, flag.offName].compactMap { $0 }).joined(separator: ", ")
    }

    /// The same in roff: names bold, a placeholder italic (or roman when it is the words
    /// themselves, `name|date|random`).
    private static func roffLabel(_ flag: Flag) -> String {
        func bold(_ name: String) -> String { "\\fB" + name.map { $0 == "-" ? "\\-" : String($0) }.joined() + "\\fR" }
        var long = bold(flag.name)
        if let placeholder = flag.value.placeholder {
            long += flag.value.placeholderIsTheWords ? " " + placeholder : " \\fI" + placeholder + "\\fR"
        }
        return ([flag.short.map(bold), long, flag.offName.map(bold)].compactMap { $0 }).joined(separator: ", ")
    }
}
