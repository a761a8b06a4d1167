import Testing
import TestSupport
@testable import TerminalIO

@Suite("Terminal session: entering, leaving, suspending", .ownThreads)
struct TerminalSessionTests {
    static let enter = "\(esc)[?1049h\(esc)[?25l\(esc)[?1000h\(esc)[?1002h\(esc)[?1006h\(esc)[?2004h"
    static let leave = "\(esc)[?2026h\(esc)[?2026l\(esc)[?2004l\(esc)[?1006l\(esc)[?1002l\(esc)[?1000l\(esc)[?25h\(esc)[?1049l\(esc)[0m"

    @Test("enter and leave write exactly the expected bytes")
    func exactBytes() throws {
        let fixture = try PtyFixture()
        let session = TerminalSession(device: fixture.device)
        try session.enter()
        #expect(fixture.output() == bytes(Self.enter))
        session.leave()
        #expect(fixture.output() == bytes(Self.leave))
    }

    @Test("options and extra leave bytes change the sequences in order")
    func optionsAndExtras() throws {
        let fixture = try PtyFixture()
        let session = TerminalSession(device: fixture.device,
                                      options: .init(mouse: false, bracketedPaste: false, focusEvents: true))
        session.extraLeaveBytes = TerminalSequences.kittyDeleteAllImages
        try session.enter()
        #expect(fixture.output() == bytes("\(esc)[?1049h\(esc)[?25l\(esc)[?1004h"))
        session.leave()
        #expect(fixture.output() == bytes("\(esc)[?2026h\(esc)[?2026l\(esc)_Ga=d\(esc)\\\(esc)[?1004l\(esc)[?25h\(esc)[?1049l\(esc)[0m"))
    }

    @Test("leave is idempotent, and entering twice enters once")
    func idempotent() throws {
        let fixture = try PtyFixture()
        let before = try fixture.pty.settings()
        let session = TerminalSession(device: fixture.device)
        try session.enter()
        try session.enter()
        #expect(fixture.output() == bytes(Self.enter))
        session.leave()
        session.leave()
        #expect(fixture.output() == bytes(Self.leave))
        #expect(session.state == .inactive)
        #expect(try fixture.pty.settings() == before)
        session.leave()  // and again: still nothing written
        #expect(fixture.output(timeout: .milliseconds(20)).isEmpty)
    }

    @Test("a body that throws still leaves the session")
    func throwingBodyLeaves() throws {
        struct StartupFailed: Error {}
        let fixture = try PtyFixture()
        let before = try fixture.pty.settings()
        #expect(throws: StartupFailed.self) {
            try TerminalSession.run(on: fixture.device) { session in
                #expect(session.state == .active)
                throw StartupFailed()
            }
        }
        #expect(fixture.output() == bytes(Self.enter + Self.leave))
        #expect(try fixture.pty.settings() == before)
    }

    @Test("a session dropped without leaving restores on deinit")
    func deinitLeaves() throws {
        let fixture = try PtyFixture()
        let before = try fixture.pty.settings()
        do {
            let session = TerminalSession(device: fixture.device)
            try session.enter()
        }
        #expect(try fixture.pty.settings() == before)
        #expect(fixture.output() == bytes(Self.enter + Self.leave))
    }

    @Test("leaving drains replies still in flight, so none reach the shell")
    func drainsLateReplies() throws {
        let fixture = try PtyFixture()
        // A quiet period well above the reply's 15 ms delay, so a slow scheduler cannot make the
        // reply look late.
        var options = TerminalSession.Options()
        options.drainQuietPeriod = .milliseconds(200)
        options.drainLimit = .seconds(2)
        let session = TerminalSession(device: fixture.device, options: options)
        try session.enter()
        // Answers 15 ms after the program starts leaving: after a bare TCSAFLUSH would have run.
        let terminal = FakeTerminal(fixture.pty, answering: "\(esc)[0m", with: "\(esc)[?62;4c\(esc)P>|XTerm(379)\(esc)\\",
                                    delay: .milliseconds(15))
        session.leave()
        _ = terminal.queries()
        usleepFor(.milliseconds(20))
        #expect(!fixture.pty.slaveHasPendingInput())
    }

    @Test("drainInput reads and discards pending input")
    func drainInput() throws {
        let fixture = try PtyFixture()
        try fixture.device.setMode(try fixture.device.mode().raw)
        let replies = bytes("\(esc)_Gi=31;OK\(esc)\\\(esc)[?1;2c")
        try fixture.pty.write(replies)
        usleepFor(.milliseconds(10))
        #expect(fixture.pty.slaveHasPendingInput())
        let discarded = fixture.device.drainInput(quietPeriod: .milliseconds(20), limit: .milliseconds(200))
        #expect(discarded == replies.count)
        #expect(!fixture.pty.slaveHasPendingInput())
    }

    @Test("suspend restores the terminal before stopping and re-enters after")
    func suspendAndResume() throws {
        let fixture = try PtyFixture()
        let before = try fixture.pty.settings()
        let session = TerminalSession(device: fixture.device)
        try session.enter()
        _ = fixture.output()
        var settingsWhileStopped: PseudoTerminal.Settings?
        var stateWhileStopped: TerminalSession.State?
        session.stopProcess = { [unowned session] in
            settingsWhileStopped = try? fixture.pty.settings()
            stateWhileStopped = session.state
        }
        try session.suspend()
        #expect(settingsWhileStopped == before)
        #expect(stateWhileStopped == .suspended)
        #expect(session.state == .active)
        #expect(try fixture.pty.settings().isRaw)
        #expect(fixture.output() == bytes(Self.leave + Self.enter))

        // The SIGCONT that ended our own stop: suspend already re-entered, nothing to do.
        try session.resume()
        #expect(fixture.output(timeout: .milliseconds(20)).isEmpty)

        // A later SIGCONT (someone ran `kill -STOP`/`-CONT`) re-asserts raw mode and the screen
        // modes, since the shell may have changed them while we were stopped.
        try fixture.device.setMode(TerminalMode(before.termios))
        try session.resume()
        #expect(try fixture.pty.settings().isRaw)
        #expect(fixture.output() == bytes(Self.enter))
        session.leave()
        #expect(try fixture.pty.settings() == before)
    }

    @Test("suspend and resume do nothing when no session is active")
    func inactiveSuspend() throws {
        let fixture = try PtyFixture()
        let session = TerminalSession(device: fixture.device)
        session.stopProcess = { Issue.record("must not stop when inactive") }
        try session.suspend()
        try session.resume()
        #expect(session.state == .inactive)
        #expect(fixture.output(timeout: .milliseconds(20)).isEmpty)
    }
}
