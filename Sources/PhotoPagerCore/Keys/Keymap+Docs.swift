import PhotoPagerBase

/// The key map as the help texts print it: `--help`, the README and the man page hold these
/// exactly (a test compares them), so none of them can list a key the app does not have.
extension Keymap {
    /// The contexts in the order the manuals list them.
    static let manualOrder: [KeyContext] = [.grid, .pager, .zoomed, .common, .prompt, .infoPanel, .gridInfoPanel, .everywhere, .keyMap]

    /// For `--help`: a heading per context, then aligned key and help columns.
    public static var plainText: String {
        let width = bindings.map { TerminalText.displayWidth($0.label) }.max() ?? 0
        return manualOrder.map { context in
            "  \(context.rawValue):\n" + bindings(in: context).map { binding in
                "    " + binding.label.padding(toWidth: width) + "  " + binding.help
            }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// For the README: one table.
    public static var markdown: String {
        let rows = manualOrder.flatMap { context in
            bindings(in: context).map { "| \(context.rawValue) | `\($0.label)` | \($0.help) |" }
        }
        return (["| Where | Keys | Does |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// For the man page: a `.TP` item per binding under a bold line per context.
    public static var roff: String {
        manualOrder.map { context in
            ".TP\n.B \(context.rawValue)\n.RS\n" + bindings(in: context).map { binding in
                ".TP\n.B \(escaped(binding.label))\n\(escaped(binding.help))"
            }.joined(separator: "\n") + "\n.RE"
        }.joined(separator: "\n")
    }

    /// roff takes a line starting with `.` or `'` as a request, and `\` as an escape.
    private static func escaped(_ text: String) -> String {
        let body = text.map { $0 == "\\" ? "\\e" : String($0) }.joined()
        return body.first == "." || body.first == "'" ? "\\&" + body : body
    }
}
