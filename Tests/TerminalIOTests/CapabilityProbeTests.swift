import PhotoPagerBase
import Testing
import TestSupport
@testable import TerminalIO

@Suite("Capability probe against fake terminals", .ownThreads)
struct CapabilityProbeTests {
    static let kittyQuery = "\(esc)_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\(esc)\\"
    static let xtversion = "\(esc)[>q"
    static let cellSize = "\(esc)[16t"
    static let da1 = "\(esc)[c"

    /// Enters a session (raw mode, as the app does) and probes with `probe`.
    static func probe(_ fixture: PtyFixture, environment: [String: String] = ["TERM": "xterm-256color"],
                      probe: CapabilityProbe = CapabilityProbe())
        throws -> (CapabilityProbe.Outcome, Duration) {
        try TerminalSession.run(on: fixture.device) { _ in
            var decoder = InputDecoder()
            var outcome: CapabilityProbe.Outcome?
            let elapsed = try ContinuousClock().measure {
                outcome = try probe.run(on: fixture.device, decoder: &decoder, environment: environment)
            }
            return (outcome!, elapsed)
        }
    }

    @Test("queries go out in order with DA1 last; CSI 16t only without pixel sizes")
    func queryBytes() {
        #expect(CapabilityProbe.queries(askKitty: true, askCellSize: true)
            == bytes(Self.kittyQuery + Self.xtversion + Self.cellSize + Self.da1))
        #expect(CapabilityProbe.queries(askKitty: false, askCellSize: false) == bytes(Self.xtversion + Self.da1))
    }

    @Test("a sixel xterm that knows kitty graphics and its version is read right")
    func answeringTerminal() throws {
        let fixture = try PtyFixture(columns: 100, rows: 30)  // no pixel size: asks CSI 16t
        let terminal = FakeTerminal(fixture.pty, answering: Self.da1, with:
            "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|XTerm(379)\(esc)\\\(esc)[6;20;10t\(esc)[?62;4;22c")
        // A long timeout, so "ended early by the DA1 sentinel" is unmistakable on a loaded machine.
        var slow = CapabilityProbe()
        slow.timeout = .seconds(3)
        let (outcome, elapsed) = try Self.probe(fixture, probe: slow)
        #expect(outcome.capabilities == TerminalCapabilities(
            answeredDA1: true, deviceAttributes: [62, 4, 22], sixel: true, kittyGraphics: true,
            version: "XTerm(379)", cellPixelSize: PixelSize(width: 10, height: 20)))
        #expect(outcome.typeahead.isEmpty)
        #expect(elapsed < .seconds(1), "the DA1 sentinel ends the probe early")
        #expect(terminal.queries().hasSuffix(Self.kittyQuery + Self.xtversion + Self.cellSize + Self.da1))
    }

    @Test("pixel size from TIOCGWINSZ wins and CSI 16t is not sent; a kitty error is no kitty")
    func pixelsFromIoctl() throws {
        let fixture = try PtyFixture(columns: 100, rows: 30, pixelWidth: 900, pixelHeight: 540)
        let terminal = FakeTerminal(fixture.pty, answering: Self.da1,
                                    with: "\(esc)_Gi=31;EINVAL:unsupported\(esc)\\\(esc)[?1;2c")
        let (outcome, _) = try Self.probe(fixture)
        #expect(outcome.capabilities == TerminalCapabilities(
            answeredDA1: true, deviceAttributes: [1, 2], cellPixelSize: PixelSize(width: 9, height: 18)))
        #expect(!terminal.queries().contains(Self.cellSize))
    }

    @Test("DA1 class 4 is not sixel; only a 4 after the class is")
    func da1ClassIsNotSixel() throws {
        let fixture = try PtyFixture()
        _ = FakeTerminal(fixture.pty, answering: Self.da1, with: "\(esc)[?4;6c")
        let (outcome, _) = try Self.probe(fixture)
        #expect(outcome.capabilities.answeredDA1)
        #expect(!outcome.capabilities.sixel)
    }

    @Test("a silent terminal costs at most the timeout")
    func silentTerminal() throws {
        let fixture = try PtyFixture()
        let (outcome, elapsed) = try Self.probe(fixture)
        #expect(outcome.capabilities == TerminalCapabilities())
        #expect(elapsed >= .milliseconds(190))
        // The promise is ~200 ms; the slack is for a loaded 2-core CI machine.
        #expect(elapsed < .milliseconds(600))
    }

    @Test("the Linux console is not sent the kitty query (it would print it)")
    func linuxConsole() throws {
        let fixture = try PtyFixture()
        let terminal = FakeTerminal(fixture.pty, answering: Self.da1, with: "\(esc)[?6c")
        let (outcome, _) = try Self.probe(fixture, environment: ["TERM": "linux"])
        #expect(outcome.capabilities.answeredDA1)
        #expect(!terminal.queries().contains("\(esc)_G"))
    }

    @Test("inside tmux or screen the kitty query is not sent (it would become the pane title)",
          arguments: [["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"], ["TERM": "xterm", "STY": "1.pts-0"],
                      ["TERM": "tmux-256color"]])
    func multiplexers(environment: [String: String]) throws {
        let fixture = try PtyFixture()
        let terminal = FakeTerminal(fixture.pty, answering: Self.da1, with: "\(esc)[?1;2c")
        let (outcome, _) = try Self.probe(fixture, environment: environment)
        #expect(outcome.capabilities.answeredDA1)
        #expect(!terminal.queries().contains("\(esc)_G"))
    }

    /// Behind tmux with passthrough on, every query goes wrapped to the terminal around it — the
    /// kitty query included — and its answers decide.
    @Test("through tmux every query is wrapped for passthrough")
    func throughTmux() throws {
        let fixture = try PtyFixture()
        let terminal = FakeTerminal(fixture.pty, answering: "\(esc)\(esc)[c\(esc)\\", with: "\(esc)[?63;1;2;4;6;9;15;22c")
        let outcome = try TerminalSession.run(on: fixture.device) { _ in
            var decoder = InputDecoder()
            return try CapabilityProbe().run(on: fixture.device, decoder: &decoder,
                                             environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"], throughTmux: true)
        }
        #expect(outcome.capabilities.sixel)
        let sent = terminal.queries()
        for query in ["\(esc)\(esc)_Gi=31", "\(esc)\(esc)[>q", "\(esc)\(esc)[16t", "\(esc)\(esc)[c"] {
            #expect(sent.contains("\(esc)Ptmux;" + query), "\(query.debugDescription) not wrapped")
        }
        #expect(!sent.contains("\(esc)[c\(esc)[") && !sent.hasSuffix("\(esc)[c"), "a query went to tmux itself")
    }

    @Test("keys typed during the probe are handed back, not lost")
    func typeaheadPreserved() throws {
        let fixture = try PtyFixture()
        try fixture.pty.write("jk")  // typed before the probe even started
        _ = FakeTerminal(fixture.pty, answering: Self.da1,
                         with: "\(esc)[A\(esc)P>|kitty(0.26.5)\(esc)\\l\(esc)[?62;22cq")
        let (outcome, _) = try Self.probe(fixture)
        #expect(outcome.capabilities.version == "kitty(0.26.5)")
        #expect(outcome.capabilities.answeredDA1)
        #expect(outcome.typeahead == [.key(.character("j")), .key(.character("k")), .key(.up),
                                      .key(.character("l")), .key(.character("q"))])
    }

    @Test("through the event loop, type-ahead comes out of the next next()")
    func typeaheadThroughLoop() throws {
        let fixture = try PtyFixture()
        try TerminalSession.run(on: fixture.device) { _ in
            let loop = try TerminalEventLoop(device: fixture.device)
            _ = FakeTerminal(fixture.pty, answering: Self.da1, with: "x\(esc)[?62;4c\(esc)")
            let capabilities = try loop.probeCapabilities(environment: [:])
            #expect(capabilities.sixel)
            #expect(try loop.next(timeout: .seconds(1)) == [.input([.key(.character("x"))])])
            // The Esc that arrived after the sentinel is still resolved by the escape timeout.
            #expect(try loop.next(timeout: .seconds(1)) == [.input([.key(.escape)])])
        }
    }
}
