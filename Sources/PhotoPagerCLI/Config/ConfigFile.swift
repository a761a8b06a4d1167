import FoundationEssentials
import Glibc
import PhotoPagerBase
import TerminalGraphics

/// `$XDG_CONFIG_HOME/photopager/config` (default `~/.config/photopager/config`): `key = value`
/// lines, `#` comments, blank lines. Read once at start; the app never writes it. An unknown key
/// or a bad value is an error naming the file and the line, so a typo is never silently ignored.
struct ConfigFile: Equatable {
    /// The same settings the command line can give (each nil when the file says nothing).
    var settings = OverridableFlags()
    /// Said once on stderr (a key file readable by others).
    var warnings: [String] = []

    static let keys = ["access_key", "immich_url", "immich_api_key", "immich_link_days", "immich_ca_file",
                       "renderer", "clipboard", "cache_mb", "memory_mb", "print", "print0", "sort",
                       "reverse", "slideshow_seconds", "loop", "download_dir", "min_rating", "key_handler"]

    /// The file's place, from the environment; nil when neither XDG_CONFIG_HOME nor HOME is set.
    static func location(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("photopager/config")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/photopager/config")
    }

    /// The settings in the file; an empty config when there is no file.
    static func load(environment: [String: String]) throws(ConfigError) -> ConfigFile {
        guard let url = location(environment: environment) else { return ConfigFile() }
        var info = stat()
        guard stat(url.path, &info) == 0 else { return ConfigFile() }
        guard let data = try? Data(contentsOf: url) else {
            throw ConfigError(file: url.path, line: nil, message: "cannot be read")
        }
        var config = try parse(String(decoding: data, as: UTF8.self), file: url.path)
        for (key, value) in [("access_key", config.settings.accessKey), ("immich_api_key", config.settings.immichKey)]
            where value != nil && info.st_mode & 0o044 != 0 {
            config.warnings.append("\(url.path) holds \(key) and can be read by others (chmod 600 \(url.path))")
        }
        return config
    }

    static func parse(_ text: String, file: String) throws(ConfigError) -> ConfigFile {
        var config = ConfigFile()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingWhitespace
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fail = { (message: String) in ConfigError(file: file, line: offset + 1, message: message) }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected key = value") }
            let key = line[..<equals].trimmingWhitespace
            let value = line[line.index(after: equals)...].trimmingWhitespace
            guard !value.isEmpty else { throw fail("\(key) needs a value") }
            switch key {
            case "access_key": config.settings.accessKey = value
            case "immich_url":
                guard value.lowercased().hasPrefix("http://") || value.lowercased().hasPrefix("https://") else {
                    throw fail("immich_url is the server's http:// or https:// address, not '\(value)'")
                }
                config.settings.immichURL = value
            case "immich_api_key": config.settings.immichKey = value
            case "immich_ca_file": config.settings.immichCAFile = value
            case "immich_link_days":
                guard let days = Int(value), (0 ... 3650).contains(days) else {
                    throw fail("immich_link_days is a number of days a public link works (0: until revoked), not '\(value)'")
                }
                config.settings.immichLinkDays = days
            case "renderer":
                guard SettingValues.renderer(value) != nil else {
                    throw fail("unknown renderer '\(value)' (\(SettingValues.rendererChoices))")
                }
                config.settings.renderer = value
            case "clipboard", "print0", "reverse", "loop":
                guard let on = SettingValues.boolean(value) else { throw fail("\(key) is true or false, not '\(value)'") }
                switch key {
                case "clipboard": config.settings.clipboard = on
                case "print0": config.settings.print0 = on
                case "reverse": config.settings.reverse = on
                default: config.settings.loop = on
                }
            case "print":
                guard let form = ExitOutput.Form(rawValue: value) else {
                    throw fail("print is one of \(ExitOutput.formChoices), not '\(value)'")
                }
                config.settings.printForm = form
            case "sort":
                guard let sort = PhotoSort.Key(rawValue: value) else {
                    throw fail("sort is one of \(PhotoSort.Key.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
                }
                config.settings.sort = sort
            case "key_handler":
                config.settings.keyHandler = value
            case "min_rating":
                guard let stars = Int(value), (0 ... 5).contains(stars) else {
                    throw fail("min_rating is a number of stars from 0 to 5, not '\(value)'")
                }
                config.settings.minRating = stars
            case "slideshow_seconds":
                guard let seconds = SettingValues.slideshowSeconds(value) else {
                    throw fail("slideshow_seconds is a number of seconds from 0.1 to 86400, not '\(value)'")
                }
                config.settings.slideshowSeconds = seconds
            case "download_dir": config.settings.downloadDir = value
            case "cache_mb":
                guard let megabytes = SettingValues.megabytes(value, in: SettingValues.cacheMB) else {
                    throw fail("cache_mb is a number of megabytes (0 turns the disk cache off), not '\(value)'")
                }
                config.settings.cacheMB = megabytes
            case "memory_mb":
                guard let megabytes = SettingValues.megabytes(value, in: SettingValues.memoryMB) else {
                    throw fail("memory_mb is a number of megabytes (at least 1), not '\(value)'")
                }
                config.settings.memoryMB = megabytes
            default:
                throw fail("unknown key '\(key)' (known: \(keys.joined(separator: ", ")))")
            }
        }
        return config
    }
}

struct ConfigError: Error, Equatable, CustomStringConvertible {
    let file: String
    let line: Int?
    let message: String

    var description: String { file + (line.map { ":\($0)" } ?? "") + ": " + message }
}
