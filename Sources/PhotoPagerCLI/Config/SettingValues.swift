import TerminalGraphics

/// What each setting accepts, for the command line and the config file alike: one rule, and
/// each caller words its own error (a usage line, or the file and line).
enum SettingValues {
    static let cacheMB = 0 ... 1_000_000
    static let memoryMB = 1 ... 100_000

    /// `text` when it is "auto" or a renderer's name.
    static func renderer(_ text: String) -> String? {
        text == "auto" || RendererKind(rawValue: text) != nil ? text : nil
    }

    static var rendererChoices: String { "auto, " + RendererKind.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Seconds between slideshow photos: 0.1 to a day.
    static func slideshowSeconds(_ text: String) -> Double? {
        Double(text).flatMap { (0.1 ... 86_400).contains($0) ? $0 : nil }
    }

    /// A boolean in the config file: true/yes/on or false/no/off.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    static func megabytes(_ text: String, in range: ClosedRange<Int>) -> Int? {
        Int(text).flatMap { range.contains($0) ? $0 : nil }
    }
}
