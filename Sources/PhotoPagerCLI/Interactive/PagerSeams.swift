import TerminalIO

/// What the pager loop needs of the terminal: its size, somewhere to write, suspending and
/// resuming, and the bytes to send when leaving. The real one is `TerminalSession`; tests run
/// the real loop against a virtual screen through this seam, without a process or a pty.
protocol PagerTerminal: AnyObject {
    func write(_ bytes: [UInt8]) throws
    func size() throws -> TerminalSize
    func suspend() throws
    func resume() throws
    var extraLeaveBytes: [UInt8] { get set }
}

/// Where the pager loop's events come from: the terminal's event loop, or a script in tests.
protocol PagerEventSource: AnyObject {
    /// Blocks until something happens or `timeout` passes; never empty (`.timeout`).
    func next(timeout: Duration?) throws -> [TerminalEvent]
    /// Makes `next` return `.wake` soon; called from other threads (finished images, network).
    var wake: @Sendable () -> Void { get }
}

extension TerminalSession: PagerTerminal {
    func write(_ bytes: [UInt8]) throws { try device.write(bytes) }
    func size() throws -> TerminalSize { try device.size() }
}

extension TerminalEventLoop: PagerEventSource {
    var wake: @Sendable () -> Void {
        let waker = self.waker
        return { waker.wake() }
    }
}
