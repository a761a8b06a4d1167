import Glibc
import PhotoPagerBase

/// One progress line on stderr, after the UI is gone: rewritten in place on a terminal, else
/// one line per update.
final class StderrProgress {
    private let inPlace = isatty(2) == 1
    private var open = false

    func say(_ text: String) {
        let line = "photopager: " + TerminalText.sanitized(text)
        if inPlace {
            Console.raw("\r\u{1B}[K" + line)
            open = true
        } else {
            Console.error(line)
        }
    }

    /// Ends the line, if one is open.
    func end() {
        if open { Console.raw("\n") }
        open = false
    }
}
