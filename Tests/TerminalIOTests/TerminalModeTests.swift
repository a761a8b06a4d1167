import Glibc
import PhotoPagerBase
import Testing
import TestSupport
@testable import TerminalIO

@Suite("Terminal device and raw mode", .ownThreads)
struct TerminalModeTests {
    @Test("raw mode is set on the tty, then restored bit for bit")
    func rawModeRoundTrip() throws {
        let fixture = try PtyFixture()
        let before = try fixture.pty.settings()
        #expect(!before.isRaw)

        let session = TerminalSession(device: fixture.device)
        try session.enter()
        let during = try fixture.pty.settings()
        #expect(during.isRaw)
        #expect(during.termios.c_lflag & tcflag_t(ISIG) == 0, "Ctrl-C and Ctrl-Z must arrive as bytes")
        #expect(during.termios.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(try fixture.device.mode() == session.savedMode!.raw)

        session.leave()
        #expect(try fixture.pty.settings() == before)
        #expect(try fixture.device.mode() == TerminalMode(before.termios))
    }

    @Test("a non-default starting mode is restored exactly too")
    func unusualModeRestored() throws {
        let fixture = try PtyFixture()
        var odd = try fixture.device.mode()
        odd.settings.c_lflag &= ~tcflag_t(ECHOE)
        odd.settings.c_cc.4 = 3  // VEOF = Ctrl-C, something no default has
        try fixture.device.setMode(odd)
        let before = try fixture.pty.settings()

        try TerminalSession.run(on: fixture.device) { _ in }
        #expect(try fixture.pty.settings() == before)
    }

    @Test("TerminalMode equality sees every control character")
    func modeEquality() throws {
        let fixture = try PtyFixture()
        let mode = try fixture.device.mode()
        var changed = mode
        changed.settings.c_cc.31 &+= 1
        #expect(mode == mode)
        #expect(mode != changed)
        #expect(mode.raw != mode)
        #expect(mode.raw.isRaw && !mode.isRaw)
    }

    @Test("size comes from TIOCGWINSZ, pixels included")
    func windowSize() throws {
        let fixture = try PtyFixture(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600)
        let size = try fixture.device.size()
        #expect(size == TerminalSize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600))
        #expect(size.cellPixelSize == PixelSize(width: 10, height: 20))

        try fixture.pty.setSize(columns: 120, rows: 40)
        #expect(try fixture.device.size() == TerminalSize(columns: 120, rows: 40))
        #expect(try fixture.device.size().cellPixelSize == nil)
    }

    @Test("a terminal nobody sized (0×0) is taken as COLUMNS×LINES, else 80×24; a sized one as it says")
    func unsizedTerminalGetsADefault() throws {
        let fixture = try PtyFixture(columns: 0, rows: 0)
        let unsized = try fixture.device.size()
        #expect(unsized.columns == 0 && unsized.rows == 0)
        #expect(unsized.orDefault(environment: [:]) == TerminalSize(columns: 80, rows: 24))
        #expect(unsized.orDefault(environment: ["COLUMNS": "132", "LINES": "43"]) == TerminalSize(columns: 132, rows: 43))
        #expect(unsized.orDefault(environment: ["COLUMNS": "wide", "LINES": "-3"]) == TerminalSize(columns: 80, rows: 24))
        let sized = TerminalSize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600)
        #expect(sized.orDefault(environment: ["COLUMNS": "132", "LINES": "43"]) == sized)
    }

    @Test("opening a path that is not a terminal fails with ENOTTY")
    func notATerminal() throws {
        #expect(throws: SystemError(function: "isatty(/dev/null)", errno: ENOTTY)) {
            try TerminalDevice.openControllingTerminal(path: "/dev/null")
        }
        #expect(throws: SystemError.self) {
            try TerminalDevice.openControllingTerminal(path: "/nonexistent/tty")
        }
    }

    @Test("poll timeouts round up to whole milliseconds")
    func pollMilliseconds() {
        #expect(Platform.milliseconds(nil) == -1)
        #expect(Platform.milliseconds(.zero) == 0)
        #expect(Platform.milliseconds(.milliseconds(-5)) == 0)
        #expect(Platform.milliseconds(.microseconds(1)) == 1)
        #expect(Platform.milliseconds(.milliseconds(30)) == 30)
        #expect(Platform.milliseconds(.seconds(2) + .microseconds(1500)) == 2002)
        #expect(Platform.milliseconds(.seconds(Int64.max / 2)) == Int32.max)
    }
}
