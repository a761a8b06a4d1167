import Dispatch
import Glibc
import PhotoPagerBase
import Testing
import TestSupport
@testable import TerminalIO

@Suite("Event loop: input, escape timeout, wake-ups", .ownThreads)
struct EventLoopTests {
    /// A loop on a raw pty (no signals: those are tested, serialised, in `SignalEventTests`).
    static func rawLoop(_ fixture: PtyFixture, escapeTimeout: Duration = .milliseconds(30)) throws -> TerminalEventLoop {
        try fixture.device.setMode(try fixture.device.mode().raw)
        return try TerminalEventLoop(device: fixture.device, escapeTimeout: escapeTimeout)
    }

    @Test("keys typed on the terminal come out decoded")
    func decodesInput() throws {
        let fixture = try PtyFixture()
        let loop = try Self.rawLoop(fixture)
        try fixture.pty.write("j\(esc)[B\u{03}")
        let events = try loop.next(timeout: .seconds(2))
        #expect(events == [.input([.key(.character("j")), .key(.down), .key(.character("c"), modifiers: .ctrl)])])
    }

    @Test("a lone Esc is flushed after the escape timeout, not before")
    func loneEscape() throws {
        let fixture = try PtyFixture()
        let loop = try Self.rawLoop(fixture, escapeTimeout: .milliseconds(40))
        try fixture.pty.write(esc)
        let clock = ContinuousClock()
        let start = clock.now
        let events = try loop.next(timeout: .seconds(2))
        let elapsed = clock.now - start
        #expect(events == [.input([.key(.escape)])])
        #expect(elapsed >= .milliseconds(35))
        #expect(elapsed < .milliseconds(500))
    }

    @Test("the escape timeout also fires inside next(timeout: nil)")
    func escapeWithoutCallerTimeout() throws {
        let fixture = try PtyFixture()
        let loop = try Self.rawLoop(fixture)
        try fixture.pty.write(esc)
        #expect(try loop.next() == [.input([.key(.escape)])])
    }

    @Test("a sequence split across writes within the timeout is one key")
    func splitSequence() throws {
        let fixture = try PtyFixture()
        let loop = try Self.rawLoop(fixture, escapeTimeout: .milliseconds(200))
        try fixture.pty.write(esc)
        DispatchQueue(label: "delayed").asyncAfter(deadline: .now() + .milliseconds(20)) {
            try? fixture.pty.write("[A")
        }
        #expect(try loop.next(timeout: .seconds(2)) == [.input([.key(.up)])])
    }

    @Test("a timeout with nothing to report returns .timeout")
    func timeout() throws {
        let fixture = try PtyFixture()
        let loop = try Self.rawLoop(fixture)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try loop.next(timeout: .milliseconds(30)) == [.timeout])
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(29))
        #expect(try loop.next(timeout: .zero) == [.timeout])
    }

    @Test("a waker on another thread interrupts the wait; wakes coalesce")
    func wake() throws {
        let fixture = try PtyFixture()
        let loop = try Self.rawLoop(fixture)
        let waker = loop.waker
        DispatchQueue(label: "delayed").asyncAfter(deadline: .now() + .milliseconds(10)) {
            waker.wake()
        }
        #expect(try loop.next(timeout: .seconds(2)) == [.wake])
        waker.wake()
        waker.wake()
        waker.wake()
        #expect(try loop.next(timeout: .seconds(2)) == [.wake])
        #expect(try loop.next(timeout: .milliseconds(20)) == [.timeout])
    }

    @Test("end of input (the terminal went away) is a hang-up, reported once")
    func hangup() throws {
        let fixture = try PtyFixture()
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        let device = TerminalDevice(input: fds[0], output: fixture.pty.slave)
        defer { close(fds[0]) }
        let loop = try TerminalEventLoop(device: device)
        _ = write(fds[1], "q", 1)
        close(fds[1])
        var events: [TerminalEvent] = []
        while events.count < 2 {
            events += try loop.next(timeout: .seconds(2)).filter { $0 != .timeout }
        }
        #expect(events == [.input([.key(.character("q"))]), .terminate(.hangup)])
        #expect(try loop.next(timeout: .milliseconds(10)) == [.timeout])
    }
}
