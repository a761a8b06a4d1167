import FoundationEssentials

/// Where `d` saves: `--download-dir`, else `XDG_DOWNLOAD_DIR` from
/// `$XDG_CONFIG_HOME/user-dirs.dirs` (what xdg-user-dirs writes, e.g.
/// `XDG_DOWNLOAD_DIR="$HOME/Downloads"`), else `~/Downloads`. Created when first needed.
enum DownloadDirectory {
    static func resolve(flag: String?, environment: [String: String]) -> URL? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let flag, !flag.isEmpty {
            return URL(fileURLWithPath: flag.hasPrefix("~/") ? (home ?? "") + flag.dropFirst() : flag)
        }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.config" }
        if let config, let text = try? String(contentsOf: URL(fileURLWithPath: config + "/user-dirs.dirs"), encoding: .utf8),
           let value = userDir(text, home: home) {
            return URL(fileURLWithPath: value)
        }
        return home.map { URL(fileURLWithPath: $0 + "/Downloads") }
    }

    /// The `XDG_DOWNLOAD_DIR` line's path: quoted, `$HOME` expanded; only an absolute result.
    static func userDir(_ text: String, home: String?) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace
            guard trimmed.hasPrefix("XDG_DOWNLOAD_DIR="), let open = trimmed.firstIndex(of: "\"") else { continue }
            let rest = trimmed[trimmed.index(after: open)...]
            guard let close = rest.firstIndex(of: "\"") else { continue }
            var value = String(rest[..<close])
            if value.hasPrefix("$HOME") {
                guard let home else { continue }
                value = home + value.dropFirst("$HOME".count)
            }
            if value.hasPrefix("/") { return value }
        }
        return nil
    }
}
