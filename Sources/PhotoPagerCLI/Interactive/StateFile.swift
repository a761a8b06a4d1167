import FoundationEssentials
import Glibc
import PhotoPagerCore

/// `$XDG_STATE_HOME/photopager/state` (default `~/.local/state/photopager/state`): what the app
/// remembers between runs (`Remembered`), as `key = value` lines. The app writes this file,
/// never the config file. An unreadable or odd file is simply not remembered.
enum StateFile {
    static func location(environment: [String: String]) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("photopager/state")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/photopager/state")
    }

    static func read(environment: [String: String]) -> Remembered {
        guard let url = location(environment: environment),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return Remembered() }
        return parse(text)
    }

    static func parse(_ text: String) -> Remembered {
        var remembered = Remembered()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(\.trimmingWhitespace)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "grid_tile_width":
                remembered.gridTileWidth = Int(parts[1]).flatMap { (1 ... 10_000).contains($0) ? $0 : nil }
            case "filmstrip":
                remembered.showsFilmstrip = SettingValues.boolean(parts[1])
            default: continue                  // a key from a newer version: left alone
            }
        }
        return remembered
    }

    static let knownKeys: Set<String> = ["grid_tile_width", "filmstrip"]

    /// The file's text for `remembered`; `previous` is the file as it was, whose lines for keys
    /// this version does not know (a newer one wrote them) are kept.
    static func text(_ remembered: Remembered, previous: String = "") -> String {
        var lines = ["# photopager remembers the choices below between runs; the config file is yours, this one is its"]
        lines += previous.split(separator: "\n").map(String.init).filter { line in
            let key = line.split(separator: "=", maxSplits: 1).first.map(\.trimmingWhitespace) ?? ""
            return !line.hasPrefix("#") && !key.isEmpty && !knownKeys.contains(key)
        }
        if let width = remembered.gridTileWidth { lines.append("grid_tile_width = \(width)") }
        if let strip = remembered.showsFilmstrip { lines.append("filmstrip = \(strip ? "on" : "off")") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes a fresh file beside the old one and renames it over, so a crash never leaves half.
    static func write(_ remembered: Remembered, environment: [String: String]) {
        guard let url = location(environment: environment) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent("state.\(getpid()).tmp")
        let previous = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text(remembered, previous: previous).utf8))
        else { return }
        if rename(temporary.path, url.path) != 0 { unlink(temporary.path) }
    }
}
