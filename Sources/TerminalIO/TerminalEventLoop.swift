import Glibc
import PhotoPagerBase

/// The main loop's one blocking call: waits on the terminal, the signal pipe and the wake pipe at
/// once and says what happened, as `TerminalEvent`s.
///
/// ```swift
/// let loop = try TerminalEventLoop(device: device, signals: try SignalEvents())
/// while running {
///     for event in try loop.next(timeout: nextTickOrNil) { … }
/// }
/// ```
///
/// The lone-Esc rule lives here so callers never see it: bytes of an unfinished sequence make
/// `next` wait at most `escapeTimeout` more, then the decoder is flushed and a lone ESC comes out
/// as `.key(.escape)`. Not thread-safe: one thread (the main one) drives it; other threads only
/// use `waker`.
public final class TerminalEventLoop {
    public let device: TerminalDevice
    public let signals: SignalEvents?
    /// How long an unfinished sequence (a lone ESC) waits for more bytes. Terminals send a whole
    /// sequence in one write, so 30 ms is generous locally and still imperceptible to a person.
    public var escapeTimeout: Duration
    /// The decoder, exposed so the app can set `expectsCursorPositionReport`.
    public var decoder = InputDecoder()

    private let wakePipe: WakePipe
    private let clock = ContinuousClock()
    private var escapeDeadline: ContinuousClock.Instant?
    /// Input decoded outside `next` (type-ahead during the probe), returned by the next `next`.
    private var queued: [InputEvent] = []
    /// The terminal hung up: stop polling it (it would be readable forever).
    private var inputClosed = false

    public init(device: TerminalDevice, signals: SignalEvents? = nil,
                escapeTimeout: Duration = .milliseconds(30)) throws {
        self.device = device
        self.signals = signals
        self.escapeTimeout = escapeTimeout
        wakePipe = try WakePipe()
    }

    /// For background workers: `waker.wake()` makes `next` return `.wake`.
    public var waker: Waker { Waker(pipe: wakePipe) }

    /// Blocks until something happens or `timeout` passes (nil: no limit) and returns it, never
    /// empty: `[.timeout]` when nothing happened. Events of one wake-up come in a fixed order —
    /// signals, input, wake, writable. With `writing`, the terminal taking output again is an
    /// event too (`.writable`): the caller has bytes waiting for it.
    public func next(timeout: Duration? = nil, writing: Bool = false) throws -> [TerminalEvent] {
        if !queued.isEmpty {
            defer { queued = [] }
            return [.input(queued)]
        }
        let deadline = timeout.map { clock.now + $0 }
        while true {
            let (ready, writable) = try Platform.poll(reading: descriptors, writing: writing ? [device.outputDescriptor] : [],
                                                      timeout: wait(until: deadline))
            var events: [TerminalEvent] = []
            if let signals, ready.contains(signals.readDescriptor) {
                events += signalEvents(try signals.received())
            }
            if !inputClosed, ready.contains(device.inputDescriptor) {
                events += try readInput()
            } else if let escapeDeadline, clock.now >= escapeDeadline {
                self.escapeDeadline = nil
                let flushed = decoder.flushPendingEscape()
                if !flushed.isEmpty { events.append(.input(flushed)) }
            }
            if ready.contains(wakePipe.readDescriptor), wakePipe.drain() {
                events.append(.wake)
            }
            if !writable.isEmpty { events.append(.writable) }
            if !events.isEmpty { return events }
            if let deadline, clock.now >= deadline { return [.timeout] }
        }
    }

    /// Hands input decoded elsewhere with this loop's `decoder` (the probe's type-ahead) to the
    /// next `next`, and arms the escape timeout if the decoder was left mid-sequence.
    func adopt(typeahead events: [InputEvent]) {
        queued += events
        if decoder.hasPendingInput, escapeDeadline == nil { escapeDeadline = clock.now + escapeTimeout }
    }

    private var descriptors: [Int32] {
        var fds = [wakePipe.readDescriptor]
        if let signals { fds.append(signals.readDescriptor) }
        if !inputClosed { fds.append(device.inputDescriptor) }
        return fds
    }

    /// The poll timeout: the caller's deadline or the escape deadline, whichever is sooner.
    private func wait(until deadline: ContinuousClock.Instant?) -> Duration? {
        let now = clock.now
        let candidates = [deadline, escapeDeadline].compactMap { $0.map { max(.zero, $0 - now) } }
        return candidates.min()
    }

    private func readInput() throws -> [TerminalEvent] {
        let bytes: [UInt8]
        do {
            bytes = try Platform.read(device.inputDescriptor)
        } catch {
            switch error.errno {
            case EAGAIN, EWOULDBLOCK: return []  // someone made the tty non-blocking; not ready
            case EIO: bytes = []                  // hung up, like end of file
            default: throw error
            }
        }
        guard !bytes.isEmpty else {
            inputClosed = true
            let rest = decoder.flushPendingEscape()
            return (rest.isEmpty ? [] : [.input(rest)]) + [.terminate(.hangup)]
        }
        let decoded = decoder.feed(bytes)
        escapeDeadline = decoder.hasPendingInput ? clock.now + escapeTimeout : nil
        return decoded.isEmpty ? [] : [.input(decoded)]
    }

    /// One event per distinct signal, in order of first arrival; a burst of SIGWINCH during a
    /// drag-resize becomes one `.resize` with the size as it is now.
    private func signalEvents(_ received: [TerminalSignal]) -> [TerminalEvent] {
        var seen: Set<TerminalSignal> = []
        var events: [TerminalEvent] = []
        for signal in received where seen.insert(signal).inserted {
            switch signal {
            case .windowChanged:
                if let size = try? device.size() { events.append(.resize(size)) }
            case .terminate, .hangup, .interrupt:
                events.append(.terminate(signal))
            case .terminalStop:
                events.append(.suspend)
            case .continued:
                events.append(.resumed)
            }
        }
        return events
    }
}
