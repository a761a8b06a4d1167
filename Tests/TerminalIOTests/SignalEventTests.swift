import Glibc
import Testing
import TestSupport
@testable import TerminalIO

/// Signals are process-wide, so these tests run one at a time and are the only ones that install
/// handlers. Each sends the signal to this process *while the handler is installed*, with
/// `kill(getpid())` rather than `raise`: `raise` targets the calling thread, and the test runs on
/// a Dispatch worker thread, which blocks signals — the signal would stay pending there forever.
@Suite("Signals through the self-pipe", .serialized, .ownThreads)
struct SignalEventTests {
    static func loop(_ fixture: PtyFixture) throws -> TerminalEventLoop {
        try TerminalEventLoop(device: fixture.device, signals: try SignalEvents())
    }

    /// A disposition's handler as a number (C function pointers are not Equatable in Swift).
    static func handler(_ action: sigaction) -> Int {
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test("SIGWINCH becomes .resize with the size measured then; bursts coalesce")
    func resize() throws {
        let fixture = try PtyFixture(columns: 80, rows: 24)
        let loop = try Self.loop(fixture)
        try fixture.pty.setSize(columns: 132, rows: 43, pixelWidth: 1320, pixelHeight: 860)
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGWINCH)
        usleepFor(.milliseconds(30))  // another thread takes them; let all three land
        #expect(try loop.next(timeout: .seconds(2))
            == [.resize(TerminalSize(columns: 132, rows: 43, pixelWidth: 1320, pixelHeight: 860))])
        #expect(try loop.next(timeout: .milliseconds(10)) == [.timeout])
    }

    @Test("terminating signals, stop and continue map to their events", arguments: [
        (SIGTERM, TerminalEvent.terminate(.terminate)),
        (SIGHUP, .terminate(.hangup)),
        (SIGINT, .terminate(.interrupt)),
        (SIGTSTP, .suspend),
        (SIGCONT, .resumed),
    ])
    func mapping(signal: Int32, expected: TerminalEvent) throws {
        let fixture = try PtyFixture()
        let loop = try Self.loop(fixture)
        kill(getpid(), signal)
        #expect(try loop.next(timeout: .seconds(2)) == [expected])
    }

    /// Collects `count` signals from `signals` (or what came within two seconds).
    static func receive(_ count: Int, from signals: SignalEvents) throws -> [TerminalSignal] {
        var received: [TerminalSignal] = []
        let clock = ContinuousClock()
        let deadline = clock.now + TestTimeouts.scaled(.seconds(2))
        while received.count < count, clock.now < deadline {
            received += try signals.received()
            usleepFor(.milliseconds(1))
        }
        return received
    }

    @Test("each signal sent to the process is one byte on the pipe")
    func killSelf() throws {
        let signals = try SignalEvents()
        kill(getpid(), SIGCONT)
        kill(getpid(), SIGTERM)
        // Pending standard signals are delivered lowest number first, so no order is promised.
        #expect(Set(try Self.receive(2, from: signals)) == [.continued, .terminate])
        #expect(try signals.received() == [])
    }

    @Test("SIGTERM mid-session: the loop reports it and leaving restores the terminal")
    func terminateRestores() throws {
        let fixture = try PtyFixture()
        let before = try fixture.pty.settings()
        let loop = try Self.loop(fixture)
        let events = try TerminalSession.run(on: fixture.device) { _ in
            kill(getpid(), SIGTERM)
            return try loop.next(timeout: .seconds(2))
        }
        #expect(events == [.terminate(.terminate)])
        #expect(try fixture.pty.settings() == before)
        #expect(TerminalSignal.terminate.exitStatus == 143)
    }

    @Test("only one SignalEvents at a time; uninstalling restores the old disposition")
    func singleInstance() throws {
        var original = sigaction()
        sigaction(SIGWINCH, nil, &original)
        let first = try SignalEvents()
        #expect(throws: SignalEvents.InstallError.alreadyInstalled) { _ = try SignalEvents() }
        var installed = sigaction()
        sigaction(SIGWINCH, nil, &installed)
        #expect(Self.handler(installed) != Self.handler(original))

        first.uninstall()
        first.uninstall()
        var restored = sigaction()
        sigaction(SIGWINCH, nil, &restored)
        #expect(Self.handler(restored) == Self.handler(original))
        let second = try SignalEvents(signals: [.windowChanged])
        kill(getpid(), SIGWINCH)
        #expect(try Self.receive(1, from: second) == [.windowChanged])
    }

    @Test("signal numbers round-trip")
    func numbers() {
        for signal in TerminalSignal.allCases {
            #expect(TerminalSignal(number: signal.number) == signal)
        }
        #expect(TerminalSignal(number: SIGUSR1) == nil)
        #expect(TerminalSignal.interrupt.exitStatus == 130)
    }
}
