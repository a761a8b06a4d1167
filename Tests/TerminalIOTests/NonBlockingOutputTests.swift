import Glibc
import Testing
import TestSupport
@testable import TerminalIO

/// The pager writes without blocking: a terminal that stops reading must never stop the loop.
@Suite("Non-blocking output", .ownThreads)
struct NonBlockingOutputTests {
    @Test("a full terminal takes nothing more, and the loop hears when it has room again")
    func fullThenWritable() throws {
        let fixture = try PtyFixture()
        try fixture.device.setMode(try fixture.device.mode().raw)
        try fixture.device.setNonBlockingOutput(true)
        defer { try? fixture.device.setNonBlockingOutput(false) }
        let loop = try TerminalEventLoop(device: fixture.device)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        var taken = 0, rounds = 0, full = false
        // Nobody reads the master side: the pty fills up and writeSome returns 0 instead of
        // blocking. (The kernel moves bytes between the pty's two buffers a moment later, so room
        // may come back once or twice before the loop sees none for 50 ms.)
        while rounds < 1_000, !full {
            let written = try fixture.device.writeSome(chunk[...])
            taken += written
            rounds += 1
            if written == 0 { full = try loop.next(timeout: .milliseconds(50), writing: true) == [.timeout] }
        }
        #expect(full, "the terminal never filled up")
        #expect(taken > 0)
        // The terminal reads: there is room again.
        let drained = fixture.pty.read(until: { $0.count >= taken }, timeout: .seconds(5))
        #expect(drained.count == taken)
        #expect(try loop.next(timeout: .seconds(2), writing: true) == [.writable])
        // Not asked to write: no `.writable`, however much room there is.
        #expect(try loop.next(timeout: .milliseconds(20)) == [.timeout])
    }

    @Test("write waits for room even on a non-blocking descriptor")
    func writeWaits() async throws {
        let fixture = try PtyFixture()
        try fixture.device.setMode(try fixture.device.mode().raw)
        try fixture.device.setNonBlockingOutput(true)
        defer { try? fixture.device.setNonBlockingOutput(false) }
        let bytes = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 20)
        let reader = Task.detached { fixture.pty.read(until: { $0.count >= bytes.count }, timeout: .seconds(10)) }
        try fixture.device.write(bytes)
        #expect(await reader.value.count == bytes.count)
    }
}
