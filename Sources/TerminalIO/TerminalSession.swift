/// The app's stay on the terminal: raw mode and the alternate screen, and — on every way out —
/// the terminal exactly as it was found.
///
/// Leaving is idempotent and never throws, so it can sit in a `defer`, in `deinit`, and in the
/// handlers for `.terminate` and `.suspend` at once without care for which runs first. Signals do
/// not call it from a signal handler (nothing here is async-signal-safe); they arrive as
/// `TerminalEvent`s and the main loop leaves through its normal path.
public final class TerminalSession {
    public enum State: Sendable, Hashable {
        case inactive, active, suspended
    }

    public struct Options: Sendable, Hashable {
        public var mouse = true
        public var bracketedPaste = true
        public var focusEvents = false
        /// Leaving reads and discards input until it has been quiet this long…
        public var drainQuietPeriod: Duration = .milliseconds(30)
        /// …but never for longer than this in total.
        public var drainLimit: Duration = .milliseconds(250)

        public init(mouse: Bool = true, bracketedPaste: Bool = true, focusEvents: Bool = false) {
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
            self.focusEvents = focusEvents
        }
    }

    public let device: TerminalDevice
    public let options: Options
    /// Written first when leaving, while still on the alternate screen: e.g.
    /// `TerminalSequences.kittyDeleteAllImages` once kitty images were drawn.
    public var extraLeaveBytes: [UInt8] = [] {
        didSet { armCrashGuard() }
    }
    public private(set) var state: State = .inactive
    /// The settings found on entering: what leaving puts back.
    public private(set) var savedMode: TerminalMode?
    /// How `suspend` stops the process; tests replace it (a test cannot SIGSTOP itself).
    var stopProcess: () -> Void = Platform.stopSelf
    /// `suspend` already re-entered after the SIGCONT that `resume` is about to be called for.
    private var reenteredAfterStop = false

    public init(device: TerminalDevice, options: Options = Options()) {
        self.device = device
        self.options = options
    }

    deinit { leave() }

    /// Enters a session around `body` and leaves it however `body` ends (return or throw).
    public static func run<Result>(on device: TerminalDevice, options: Options = Options(),
                                   _ body: (TerminalSession) throws -> Result) throws -> Result {
        let session = TerminalSession(device: device, options: options)
        try session.enter()
        defer { session.leave() }
        return try body(session)
    }

    /// Saves the settings, goes raw, then switches screens. Raw mode comes first so nothing the
    /// terminal answers from here on is echoed. Does nothing when already active.
    public func enter() throws {
        guard state != .active else { return }
        let original = try device.mode()
        do {
            try device.setMode(original.raw)
            try device.write(enterBytes)
        } catch {
            try? device.setMode(original, flushingInput: true)
            throw error
        }
        savedMode = original
        state = .active
        armCrashGuard()
    }

    /// Undoes `enter`: modes off, cursor on, main screen back, unread replies drained, then the
    /// saved settings restored with `TCSAFLUSH`. Best effort after a hang-up (writes fail with
    /// `EIO` then; there is nobody left to see the screen).
    public func leave() {
        guard state == .active else { return }
        CrashGuard.disarm()
        state = .inactive
        reenteredAfterStop = false
        try? device.write(leaveBytes)
        device.drainInput(quietPeriod: options.drainQuietPeriod, limit: options.drainLimit)
        if let savedMode { try? device.setMode(savedMode, flushingInput: true) }
    }

    /// Ctrl-Z or SIGTSTP: restore the terminal, stop the process, and when the shell continues it
    /// (`fg`) enter again. Returns after the continue; the caller then redraws everything (the
    /// alternate screen was cleared, and kitty images deleted if `extraLeaveBytes` says so).
    public func suspend() throws {
        guard state == .active else { return }
        leave()
        state = .suspended
        stopProcess()
        try enter()
        reenteredAfterStop = true
    }

    /// Gives the terminal to `body` (a command the person runs on the photos: their key
    /// handler): restored as before `enter` while it runs, taken again after. The caller then
    /// redraws everything.
    public func lend<T>(_ body: () throws -> T) throws -> T {
        guard state == .active else { return try body() }
        leave()
        defer { try? enter() }
        return try body()
    }

    /// After SIGCONT (`TerminalEvent.resumed`): put raw mode and the screen modes back, since
    /// whoever stopped us (`kill -STOP`) may have changed them meanwhile; the caller redraws
    /// everything. After our own `suspend`, which re-entered already, the first call does nothing.
    public func resume() throws {
        if reenteredAfterStop {
            reenteredAfterStop = false
            return
        }
        switch state {
        case .inactive:
            return
        case .suspended:
            try enter()
        case .active:
            if let savedMode { try device.setMode(savedMode.raw) }
            try device.write(enterBytes)
        }
    }

    public var enterBytes: [UInt8] {
        TerminalSequences.enter(mouse: options.mouse, bracketedPaste: options.bracketedPaste,
                                focusEvents: options.focusEvents)
    }

    public var leaveBytes: [UInt8] {
        TerminalSequences.leave(mouse: options.mouse, bracketedPaste: options.bracketedPaste,
                                focusEvents: options.focusEvents, extra: extraLeaveBytes)
    }

    /// While active, even a crash restores the terminal (see `CrashGuard`).
    private func armCrashGuard() {
        guard state == .active, let savedMode else { return }
        CrashGuard.arm(descriptor: device.outputDescriptor, settings: savedMode.settings, leaveBytes: leaveBytes)
    }
}
