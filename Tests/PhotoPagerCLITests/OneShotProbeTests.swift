import Foundation
import Glibc
import Testing
import TestSupport

/// `photopager render` on a terminal asks it what it can draw, as the pager does.
@Suite(.serialized, .ownThreads) struct OneShotProbeTests {
    func render(answering reply: String?) throws -> [UInt8] {
        let pty = try PseudoTerminal(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        let process = try pty.spawn(CommandRunner.binary.path,
                                    arguments: ["render", SharedPhotos.url("sample/rocket.jpg").path, "--size", "20x5"],
                                    environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
        var output = pty.read(untilContains: "\u{1B}[c", timeout: TestTimeouts.scaled(.seconds(5)))   // DA1 comes last
        if let reply { try pty.write(reply) }
        let clock = ContinuousClock()
        let deadline = clock.now + TestTimeouts.scaled(.seconds(5))
        while process.wait(timeout: .milliseconds(10)) == nil, clock.now < deadline {
            output += pty.read(timeout: .milliseconds(20))
        }
        output += pty.read(timeout: .milliseconds(50))
        #expect(process.status == .exited(0))
        return output
    }

    @Test func aSixelTerminalGetsSixel() throws {
        let output = try render(answering: "\u{1B}[?63;4;22c")
        #expect(String(decoding: output, as: UTF8.self).contains("\u{1B}P0;1;0q\"1;1;"))
    }

    @Test func aSilentTerminalGetsHalfBlocksAfterTheTimeout() throws {
        let output = String(decoding: try render(answering: nil), as: UTF8.self)
        #expect(!output.contains("\u{1B}P0;1;0q"))
        #expect(output.contains("▀"))
    }
}
