@testable import PhotoPagerCLI

enum SettingsTargets {
    /// Any text is settings or an error naming the file and a line that exists.
    static func config(_ bytes: UnsafeRawBufferPointer) {
        let text = bytes.text
        do {
            _ = try ConfigFile.parse(text, file: "config")
        } catch {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            if let line = error.line { require((1 ... lines).contains(line), "error at line \(line) of \(lines)") }
            require(!error.message.isEmpty, "an empty error message")
        }
    }

    /// Any arguments are a command or a usage error with a message.
    static func arguments(_ bytes: UnsafeRawBufferPointer) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            require(!error.message.isEmpty, "a usage error without a message")
        }
    }
}
