import TerminalIO

/// What the pager loop needs of the terminal: its size, somewhere to write, suspending and
/// resuming, and the bytes to send when leaving. The real one is `TerminalSession`; tests run
/// the real loop against a virtual screen through this seam, without a process or a pty.
protocol PagerTerminal: AnyObject {
    /// Writes all of `bytes`, waiting for the terminal to take them (used when leaving).
    func write(_ bytes: [UInt8]) throws
    /// Writes what the terminal takes now of `bytes`; how many it took (0: busy, try when
    /// `next(timeout:writing:)` says `.writable`).
    func writeSome(_ bytes: ArraySlice<UInt8>) throws -> Int
    func size() throws -> TerminalSize
    func suspend() throws
    func resume() throws
    /// The terminal restored for `body` (a key handler), and taken again after.
    func lend<T>(_ body: () throws -> T) throws -> T
    var extraLeaveBytes: [UInt8] { get set }
}

/// Where the pager loop's events come from: the terminal's event loop, or a script in tests.
protocol PagerEventSource: AnyObject {
    /// Blocks until something happens or `timeout` passes; never empty (`.timeout`). With
    /// `writing`, the terminal having room for output again is such a thing (`.writable`).
    func next(timeout: Duration?, writing: Bool) throws -> [TerminalEvent]
    /// Makes `next` return `.wake` soon; called from other threads (finished images, network).
    var wake: @Sendable () -> Void { get }
}

extension TerminalSession: PagerTerminal {
    func write(_ bytes: [UInt8]) throws { try device.write(bytes) }
    func writeSome(_ bytes: ArraySlice<UInt8>) throws -> Int { try device.writeSome(bytes) }
    func size() throws -> TerminalSize { try device.size() }
}

extension TerminalEventLoop: PagerEventSource {
    var wake: @Sendable () -> Void {
        let waker = self.waker
        return { waker.wake() }
    }
}
