import Foundation
import Testing
import TestSupport
@testable import PhotoPagerCLI

/// `photopager completions SHELL`: each script loads in its shell and completes what the
/// command line takes (`FlagTable`, which `--help` prints too: `FlagDocsTests`).
@Suite(.serialized, .ownThreads) struct CompletionsTests {
    static func script(_ shell: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photopager-completions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try CommandRunner.photopager(["completions", shell])
        #expect(result.status == 0)
        let file = folder.appendingPathComponent(shell == "zsh" ? "_photopager" : "photopager.\(shell)")
        try result.stdout.write(to: file)
        return file
    }

    /// `COMP_WORDS=(photopager --renderer "")` completes to the renderer names.
    @Test func bashCompletesFlagsValuesAndCommands() throws {
        let file = try Self.script("bash")
        func complete(_ words: String, _ index: Int) throws -> String {
            try CommandRunner.shell("""
                exec bash -c 'source "\(file.path)"; COMP_WORDS=(\(words)); COMP_CWORD=\(index); _photopager; echo "${COMPREPLY[*]}"'
                """).stdoutText.trimmingCharacters(in: .newlines)
        }
        #expect(try CommandRunner.shell("exec bash -c 'source \"\(file.path)\"; complete -p photopager'").stdoutText
            .contains("-F _photopager photopager"))
        #expect(try complete(#"photopager --renderer """#, 2) == "auto sixel kitty iterm2 blocks caca")
        #expect(try complete("photopager --pr", 1) == "--print --print0")
        #expect(try complete("photopager render --pr", 2) == "", "render prints nothing at exit")
        #expect(try complete("photopager --sort d", 2) == "date")
        #expect(try complete("photopager li", 1).split(separator: " ").first == "list")
        #expect(try complete("photopager completions f", 2) == "fish")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh (make test installs it)"))
    func zshCompletesValues() throws {
        let file = try Self.script("zsh")
        let stub = #"compadd() { print -r -- ${@:#--} }; _files() { print FILES }"#
        let renderers = try CommandRunner.shell(#"exec zsh -c '\#(stub); words=(photopager --renderer ""); CURRENT=3; source "\#(file.path)"'"#)
        #expect(renderers.stdoutText.trimmingCharacters(in: .newlines) == "auto sixel kitty iterm2 blocks caca", "\(renderers.stderr)")
        let sources = try CommandRunner.shell(#"exec zsh -c '\#(stub); words=(photopager ~/Pi); CURRENT=2; source "\#(file.path)"'"#)
        #expect(sources.stdoutText.contains("FILES"), "a source is a file or folder")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "needs fish (make test installs it)"))
    func fishCompletesValues() throws {
        let file = try Self.script("fish")
        func complete(_ line: String) throws -> [String] {
            try CommandRunner.shell("exec fish -c 'source \"\(file.path)\"; complete -C \"\(line)\"'").stdoutText
                .split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("photopager --renderer ") == ["auto", "blocks", "caca", "iterm2", "kitty", "sixel"])
        #expect(try complete("photopager --pri") == ["--print", "--print0"])
        #expect(try complete("photopager render --pri").isEmpty)
        #expect(try complete("photopager list --so") == ["--sort"])
    }

    @Test func anUnknownShellIsAUsageError() throws {
        #expect(try CommandRunner.photopager(["completions", "tcsh"]).status == 2)
        #expect(try CommandRunner.photopager(["completions"]).status == 2)
    }
}
