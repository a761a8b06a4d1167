import Foundation
import Glibc
import TestSupport

/// Runs `photopager` in a pseudo-terminal as a person would and keeps a virtual screen of
/// everything it drew, so tests can type keys and look at the result.
final class InteractiveTestDriver {
    let pty: PseudoTerminal
    let process: PseudoTerminalProcess
    private(set) var screen: VirtualScreen
    private(set) var output: [UInt8] = []
    /// The slave's settings before the program started, to compare after it leaves.
    let settingsBefore: PseudoTerminal.Settings
    let stdoutFile: URL
    /// HOME, config and cache of the run (unless the test passes its own).
    let home: TemporaryDirectory

    /// Starts `photopager ARGS > stdoutFile` through /bin/sh, so stdout is a file (like
    /// `url=$(photopager)`) while the UI draws on the pty, its controlling terminal. With
    /// `unsized`, the pty says 0×0 (as `script` makes one from a pipe) and the screen is
    /// `columns`×`rows`, the size the program should assume.
    /// `shellFirst`: run by the shell before photopager (`ulimit -f 2; `).
    init(arguments: [String] = [], columns: Int = 100, rows: Int = 30, unsized: Bool = false,
         environment: [String: String] = [:], shellFirst: String = "") throws {
        pty = unsized ? try PseudoTerminal(columns: 0, rows: 0)
            : try PseudoTerminal(columns: columns, rows: rows, pixelWidth: columns * 10, pixelHeight: rows * 20)
        screen = VirtualScreen(columns: columns, rows: rows)
        settingsBefore = try pty.settings()
        stdoutFile = FileManager.default.temporaryDirectory.appendingPathComponent("photopager-out-\(UUID().uuidString)")
        let quoted = ([CommandRunner.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        home = try TemporaryDirectory()
        let env = CommandRunner.baseEnvironment.merging(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) { $1 }
            .merging(home.environment) { $1 }.merging(environment) { $1 }
        process = try pty.spawn("/bin/sh", arguments: ["-c", shellFirst + "exec " + quoted.joined(separator: " ") + " > '\(stdoutFile.path)'"],
                                environment: env)
    }

    deinit {
        if process.status == nil { process.signal(SIGKILL); _ = process.wait(timeout: .seconds(2)) }
        try? FileManager.default.removeItem(at: stdoutFile)
    }

    /// Reads output until `condition` holds on the screen (or the timeout passes).
    @discardableResult
    func waitFor(timeout: Duration = .seconds(5), _ condition: (VirtualScreen) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + TestTimeouts.scaled(timeout)
        while clock.now < deadline {
            if condition(screen) { return true }
            pump(for: .milliseconds(20))
        }
        return condition(screen)
    }

    func waitFor(text: String, timeout: Duration = .seconds(5)) -> Bool {
        waitFor(timeout: timeout) { $0.lines.contains { $0.contains(text) } }
    }

    func pump(for duration: Duration) {
        let bytes = pty.read(timeout: duration)
        output += bytes
        screen.feed(bytes)
    }

    func type(_ keys: String) throws {
        try pty.write(keys)
    }

    /// Waits for the program to end, collecting what it drew meanwhile.
    func waitForExit(timeout: Duration = .seconds(5)) -> PseudoTerminalProcess.ExitStatus? {
        let clock = ContinuousClock()
        let deadline = clock.now + TestTimeouts.scaled(timeout)
        while clock.now < deadline {
            pump(for: .milliseconds(20))
            if let status = process.wait(timeout: .milliseconds(1)) { pump(for: .milliseconds(20)); return status }
        }
        return nil
    }

    /// Waits for the process to stop (Ctrl-Z), reading its output meanwhile: a program whose
    /// output nobody reads blocks in write(2) and never gets as far as stopping.
    func waitUntilStopped(timeout: Duration = .seconds(5)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + TestTimeouts.scaled(timeout)
        while clock.now < deadline {
            pump(for: .milliseconds(20))
            if process.isStopped(timeout: .milliseconds(1)) { return true }
        }
        return false
    }

    var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
}

extension Character {
    static let enter: String = "\r"
    static let right: String = "\u{1B}[C"
    static let escape: String = "\u{1B}"
}
