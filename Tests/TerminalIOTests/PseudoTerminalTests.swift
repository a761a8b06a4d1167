import Glibc
import Testing
import TestSupport

/// The harness itself, with real children: others' end-to-end tests rely on it.
@Suite("PseudoTerminal harness", .ownThreads)
struct PseudoTerminalTests {
    @Test("a spawned child has the pty as its controlling terminal, at the size set")
    func controllingTerminal() throws {
        let pty = try PseudoTerminal(columns: 100, rows: 30)
        let child = try pty.spawn("/bin/sh", arguments: ["-c", "stty size </dev/tty; echo done"])
        let output = String(decoding: pty.read(untilContains: "done", timeout: .seconds(5)), as: UTF8.self)
        #expect(output.contains("30 100"))
        #expect(child.wait(timeout: .seconds(5)) == .exited(0))
    }

    @Test("resizing sends SIGWINCH to the child, with the new size; signals end it")
    func resizeAndSignals() throws {
        let pty = try PseudoTerminal()
        let script = "trap 'echo WINCH $(stty size)' WINCH; echo ready; while :; do sleep 0.02; done"
        let child = try pty.spawn("/bin/sh", arguments: ["-c", script])
        #expect(String(decoding: pty.read(untilContains: "ready", timeout: .seconds(5)), as: UTF8.self).contains("ready"))
        try pty.setSize(columns: 90, rows: 33, pixelWidth: 900, pixelHeight: 660)
        let output = String(decoding: pty.read(untilContains: "WINCH 33 90", timeout: .seconds(5)), as: UTF8.self)
        #expect(output.contains("WINCH 33 90"))
        child.signal(SIGTERM)
        #expect(child.wait(timeout: .seconds(5)) == .signaled(SIGTERM))
    }

    @Test("keys written to the master reach the child's stdin")
    func keys() throws {
        let pty = try PseudoTerminal()
        let child = try pty.spawn("/bin/sh", arguments: ["-c", "read line; echo got:$line"])
        try pty.write("hello\r")
        let output = String(decoding: pty.read(untilContains: "got:hello", timeout: .seconds(5)), as: UTF8.self)
        #expect(output.contains("got:hello"))
        #expect(child.wait(timeout: .seconds(5)) == .exited(0))
    }

    @Test("the slave's settings are readable before and after a child changed them")
    func settingsSnapshot() throws {
        let pty = try PseudoTerminal()
        let before = try pty.settings()
        let child = try pty.spawn("/bin/stty", arguments: ["raw", "-echo"])
        #expect(child.wait(timeout: .seconds(5)) == .exited(0))
        let after = try pty.settings()
        #expect(after != before)
        #expect(after.isRaw && !before.isRaw)
    }

    @Test("a child that stops itself is seen as stopped, and continues")
    func stopAndContinue() throws {
        let pty = try PseudoTerminal()
        let child = try pty.spawn("/bin/sh", arguments: ["-c", "kill -STOP $$; echo continued"])
        #expect(child.isStopped(timeout: .seconds(5)))
        child.signal(SIGCONT)
        #expect(String(decoding: pty.read(untilContains: "continued", timeout: .seconds(5)), as: UTF8.self).contains("continued"))
        #expect(child.wait(timeout: .seconds(5)) == .exited(0))
    }
}
