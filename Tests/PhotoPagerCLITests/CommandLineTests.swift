import Foundation
import PhotoPagerCore
import Testing
import TestSupport

/// The binary end to end: flags, exit codes, help.
@Suite(.ownThreads) struct CommandLineTests {
    @Test(arguments: [["--help"], ["-h"], ["list", "--help"], ["render", "--help"], ["help", "render"]])
    func helpGoesToStdoutAndSucceeds(arguments: [String]) throws {
        let result = try CommandRunner.photopager(arguments)
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("Usage: photopager"))
        #expect(result.stderr.isEmpty)
    }

    @Test func subcommandHelpIsAboutTheSubcommand() throws {
        #expect(try CommandRunner.photopager(["render", "--help"]).stdoutText.hasPrefix("Usage: photopager render"))
        #expect(try CommandRunner.photopager(["list", "-h"]).stdoutText.hasPrefix("Usage: photopager list"))
    }

    /// `--help` lists every key of the app's one table (PhotoPagerCLITests sees the table).
    @Test func helpListsTheKeys() throws {
        let help = try CommandRunner.photopager(["--help"]).stdoutText
        #expect(help.contains("Keys (also behind ? in the app):\n" + Keymap.plainText + "\n"))
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("    Space ") && $0.hasSuffix("  next photo") })
    }

    @Test func version() throws {
        let result = try CommandRunner.photopager(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("photopager 0."))
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["render"], "render needs at least one FILE"),
        (["render", "x.jpg", "--size", "80"], "--size wants WIDTHxHEIGHT"),
        (["render", "x.jpg", "--size=0x10"], "--size wants WIDTHxHEIGHT"),
        (["render", "x.jpg", "--renderer", "ascii"], "unknown renderer 'ascii'"),
        (["render", "x.jpg", "--cell-size"], "--cell-size needs a value"),
        (["list", "--renderer", "sixel"], "unknown option '--renderer'"),
        (["--max-megapixels", "lots"], "--max-megapixels needs a number"),
        (["help", "nothing"], "no help for 'nothing'"),
        (["--memory-mb", "0"], "--memory-mb needs a number of megabytes (at least 1)"),
        (["--cache-mb", "-3"], "--cache-mb needs a number of megabytes"),
        (["--limit", "0"], "--limit needs a positive number"),
        (["--clipboard=yes"], "--clipboard takes no value"),
        (["--help=yes"], "--help takes no value"),
        (["--unsplash", "photos/"], "an Unsplash feed is browsed on its own"),
        (["--search", " "], "--search needs words to search for"),
        (["render", "--unsplash", "x.jpg"], "render draws FILEs and URLs"),
    ])
    func usageErrorsExitTwoWithUsageOnStderr(arguments: [String], message: String) throws {
        let result = try CommandRunner.photopager(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("photopager: " + message))
        #expect(result.stderr.contains("Usage: photopager"))
    }
}
