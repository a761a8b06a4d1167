import Foundation
import Testing
import TestSupport
@testable import PhotoPagerCLI

/// The config keys of the pager's habits, and the rule flag > file (every boolean has a flag
/// both ways, so a file's `true` can be turned off for one run).
@Suite struct ConfigKeysTests {
    static let file = """
    print = path
    print0 = on
    sort = date
    reverse = yes
    slideshow_seconds = 2.5
    loop = true
    download_dir = /tmp/saved
    """

    static func resolve(_ arguments: [String]) throws -> Invocation {
        let config = try ConfigFile.parse(Self.file, file: "config")
        guard case .show(let invocation) = try CommandLineParser.parse(arguments) else { throw UsageError(message: "?", topic: .main) }
        return invocation.resolved(environment: [:], config: config)
    }

    @Test func theFileSetsThem() throws {
        let resolved = try Self.resolve([])
        #expect(resolved.output == ExitOutput(form: .path, nulSeparated: true))
        #expect(resolved.photoSort?.key == .date && resolved.photoSort?.reverse == true)
        #expect(resolved.slideshowPace == 2.5 && resolved.flags.slideshowSeconds == nil, "a pace, not a start")
        #expect(resolved.flags.loop == true && resolved.flags.downloadDir == "/tmp/saved")
    }

    @Test func flagsWinBothWays() throws {
        let resolved = try Self.resolve(["--print", "id", "--no-print0", "--sort", "name", "--no-reverse", "--no-loop",
                                         "--download-dir", "/elsewhere", "--slideshow", "1"])
        #expect(resolved.output == ExitOutput(form: .id, nulSeparated: false))
        #expect(resolved.photoSort?.key == .name && resolved.photoSort?.reverse == false)
        #expect(resolved.flags.loop == false && resolved.flags.downloadDir == "/elsewhere")
        #expect(resolved.flags.slideshowSeconds == 1)
    }

    /// A sort in the file is for local photos: a feed simply keeps the API's order.
    @Test func aFeedIgnoresTheFilesSort() throws {
        let config = try ConfigFile.parse(Self.file, file: "config")
        guard case .show(let invocation) = try CommandLineParser.parse(["--unsplash"]) else { Issue.record(); return }
        #expect(invocation.resolved(environment: [:], config: config).photoSort == nil)
    }
}
