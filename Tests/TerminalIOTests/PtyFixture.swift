import PhotoPagerBase
import Glibc
import Dispatch
import TerminalIO
import TestSupport

/// A pseudo-terminal whose slave side is the `TerminalDevice` under test; the test plays the
/// terminal on the master side.
struct PtyFixture {
    let pty: PseudoTerminal
    let device: TerminalDevice

    init(columns: Int = 80, rows: Int = 24, pixelWidth: Int = 0, pixelHeight: Int = 0) throws {
        pty = try PseudoTerminal(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        device = TerminalDevice(input: pty.slave, output: pty.slave)
    }

    /// Everything the code under test wrote so far (waiting briefly for it).
    func output(timeout: Duration = .milliseconds(50)) -> [UInt8] {
        pty.read(timeout: timeout)
    }
}

/// A terminal emulator stand-in on another thread: reads what the program writes until
/// `trigger` appears, waits `delay`, then writes `reply` — as a real terminal answers a query.
final class FakeTerminal: Sendable {
    private let pty: PseudoTerminal
    private let received = Locked<[UInt8]>([])
    private let finished = DispatchSemaphore(value: 0)

    init(_ pty: PseudoTerminal, answering trigger: String, with reply: String,
         delay: Duration = .zero, timeout: Duration = .seconds(3)) {
        self.pty = pty
        DispatchQueue(label: "FakeTerminal").async { [self] in
            let bytes = pty.read(untilContains: trigger, timeout: timeout)
            received.withLock { $0 = bytes }
            if delay > .zero { usleepFor(delay) }
            try? pty.write(reply)
            finished.signal()
        }
    }

    /// What the program had written when the fake answered.
    func queries() -> String {
        finished.wait()
        return String(decoding: received.withLock { $0 }, as: UTF8.self)
    }
}

func usleepFor(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

let esc = "\u{1B}"
