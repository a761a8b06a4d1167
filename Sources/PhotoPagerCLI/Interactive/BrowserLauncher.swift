import PhotoPagerBase
import TerminalIO

/// `o`: the photo's page handed to the person's browser, as `$BROWSER` asks (the convention of
/// man, git and xdg-utils): a `:`-separated list of commands tried in order, each split into
/// words at spaces (never through a shell), `%s` standing for the URL, else the URL appended as
/// the last argument; `xdg-open URL` when none starts. The URL is always one argument,
/// whatever quotes or semicolons it holds.
enum BrowserLauncher {
    /// The commands to try, in order.
    static func commands(for url: String, environment: [String: String]) -> [[String]] {
        let listed = (environment["BROWSER"] ?? "").split(separator: ":").compactMap { entry -> [String]? in
            let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { return nil }
            let placed = words.map { $0.replacing("%s", with: url) }
            return placed == words ? words + [url] : placed
        }
        return listed + [["xdg-open", url]]
    }

    /// Opens `url` (http, https or file only); the status line's words on how it went.
    static func open(_ url: String, environment: [String: String],
                     spawn: ([String], [String: String]) -> Bool = Platform.spawnDetached) -> String {
        guard let scheme = ShareLink.scheme(of: url), ShareLink.schemes.contains(scheme) else {
            return "Not opened: only http, https and file links are"
        }
        for command in commands(for: url, environment: environment) where spawn(command, environment) {
            return "Opened with " + TerminalText.sanitized(command[0])
        }
        return "Could not open it: no $BROWSER or xdg-open to run"
    }
}
