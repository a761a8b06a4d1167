import FoundationEssentials
import Glibc
import PhotoLibrary
import PhotoPagerCore
import TerminalIO

/// The program: parse, run the command, map the outcome to an exit status
/// (0 ok, 1 something failed at run time, 2 usage error).
public enum PhotoPager {
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        Platform.ignoreSIGPIPE()
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            // The message may quote an argument, which may be a hostile file name from a glob.
            Console.error("photopager: \(TerminalText.sanitized(error.message))\n\n" + Usage.text(error.topic))
            return 2
        }
        switch command {
        case .help(let topic):
            Console.out(Usage.text(topic) + "\n")
            return 0
        case .version:
            Console.out(Usage.version + "\n")
            return 0
        case let .list(sources, json):
            return ListCommand(json: json).run(library: load(sources))
        case let .render(files, settings):
            return RenderCommand(settings: settings, environment: environment, captions: false)
                .run(library: load(files), strict: true)
        case let .show(sources, settings):
            // A person at a terminal gets the pager (drawn on /dev/tty, so stdout stays free for
            // the shared URLs); a script with neither end on a terminal gets one-shot output.
            if isatty(0) == 1 || isatty(1) == 1, let device = try? TerminalDevice.openControllingTerminal() {
                return BrowseCommand(settings: settings, environment: environment, sources: sources)
                    .run(library: load(sources), on: device)
            }
            return RenderCommand(settings: settings, environment: environment, captions: true)
                .run(library: load(sources), strict: false)
        }
    }

    /// The named sources, or the bundled sample set when none are named.
    private static func load(_ sources: [String]) -> Result<PhotoLibrary, PhotoLibrary.LoadError> {
        sources.isEmpty ? Result { try PhotoLibrary.bundled() }.mapError { $0 as! PhotoLibrary.LoadError }
                        : .success(PhotoLibrary.load(sources))
    }
}

/// stdout/stderr through write(2) (Swift 6 forbids Glibc's `stdout` global); every message
/// about a file passes through the sanitiser, since file names are untrusted text.
enum Console {
    static func out(_ text: String) { Platform.write(1, text) }
    static func out(_ bytes: [UInt8]) -> Bool { Platform.write(1, bytes) }
    static func error(_ text: String) { Platform.write(2, text.hasSuffix("\n") ? text : text + "\n") }

    /// "photopager: <message>" with control characters stripped.
    static func report(_ message: String) {
        error("photopager: " + TerminalText.sanitized(message))
    }

    /// Prints the library's notes and problems; returns whether there were problems.
    static func reportLoad(_ library: PhotoLibrary, notesAreProblems: Bool) -> Bool {
        library.notes.forEach(report)
        library.problems.forEach(report)
        return !library.problems.isEmpty || (notesAreProblems && !library.notes.isEmpty)
    }
}
