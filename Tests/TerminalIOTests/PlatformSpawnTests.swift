import Glibc
import Testing
@testable import TerminalIO

/// What a child of `Platform.capture` starts with, whatever the thread that runs it blocks.
@Suite struct PlatformSpawnTests {
    /// The app's threads block the signals its signal thread takes; a child inheriting that mask
    /// would never act on SIGTERM, and a tmux server it forked could not be stopped at all.
    @Test func aCapturedChildStartsWithNoSignalBlockedOrIgnored() throws {
        var all = sigset_t(), before = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &before)
        let ignored = signal(SIGTERM, SIG_IGN)
        let output = Platform.capture(["grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"],
                                      environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(5))
        signal(SIGTERM, ignored)
        pthread_sigmask(SIG_SETMASK, &before, nil)
        let masks = try #require(output).split(separator: "\n").reduce(into: [String: UInt64]()) { masks, line in
            let fields = line.split(separator: "\t")
            if fields.count == 2 { masks[String(fields[0])] = UInt64(fields[1], radix: 16) }
        }
        // Signals 1–31; glibc keeps 32 and 33 for itself.
        let standard: UInt64 = 0x7FFF_FFFF
        #expect(masks["SigBlk:"].map { $0 & standard } == 0, "\(masks)")
        #expect(masks["SigIgn:"].map { $0 & standard } == 0, "\(masks)")
    }
}
