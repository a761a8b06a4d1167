import Foundation
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
@testable import PhotoPagerCLI
import TerminalGraphics
import TerminalIO
import TestSupport

/// The real pager loop run on a thread of the test process, against a virtual screen and a
/// scripted event source (the seam of `PagerTerminal` / `PagerEventSource`): no process, no pty,
/// no timing of a child. Time is a manual clock: the test runs the loop to quiet (nothing to
/// do until its next deadline, no work in flight) and moves the clock itself, so deadlines
/// (kitty's rest before sending ahead, a held key's gap, animation frames) pass at once and
/// exactly.
final class InProcessPager: @unchecked Sendable {
    let terminal: ScreenTerminal
    let events: ScriptedEvents
    private let done = DispatchSemaphore(value: 0)
    private var status: Int32?

    init(renderer: RendererKind, photos: [LibraryPhoto], columns: Int = 100, rows: Int = 30,
         repeatGap: Duration = .milliseconds(50), answersKittyQueries: Bool = false,
         source: (any PhotoSource)? = nil, downloadDir: String? = nil, imagesOnOwnLayer: Bool = false,
         environment: [String: String] = [:], terminalVersion: String? = nil, clipboard: Bool = false) throws {
        terminal = ScreenTerminal(columns: columns, rows: rows, imagesOnOwnLayer: imagesOnOwnLayer)
        let clock = ManualClock()
        events = ScriptedEvents(clock: clock)
        events.writable = { [terminal] in terminal.hasRoom }
        var configuration = PagerConfiguration(
            kind: renderer, environment: environment.merging(["COLORTERM": "truecolor"]) { $1 },
            screenLimits: .init(image: nil, avoidLastRow: renderer.scrollsAtLastRow, playsAnimations: renderer == .kitty,
                                imagesOnOwnLayer: imagesOnOwnLayer, placesImageParts: renderer == .kitty),
            cellSize: { _ in .typicalCell },
            library: photos, sourceName: source?.title ?? "test", source: source,
            remote: RemoteServices(environment: [:], settings: RenderSettings(), accessKey: nil, downloadDir: downloadDir))
        configuration.clipboard = clipboard
        configuration.terminalVersion = terminalVersion
        configuration.repeatGap = repeatGap
        configuration.answersKittyQueries = answersKittyQueries
        configuration.clock = PagerClock { clock.now }
        let loop = try PagerLoop(terminal: terminal, events: events, configuration: configuration)
        events.workInFlight = loop.workInFlight
        let box = LoopBox(loop)
        Thread { [self] in
            status = try? box.loop.run()
            events.finished()
            done.signal()
        }.start()
    }

    /// Sends keys as the terminal would.
    func type(_ keys: [Key]) {
        events.push(.input(keys.map { .key($0) }))
    }

    /// Runs the loop until it waits for input or for a deadline; false when it does not get
    /// there in (real) time.
    @discardableResult
    func settle() -> Bool { events.settle() }

    /// Runs the loop while `duration` passes on its clock: each deadline inside it fires in turn.
    func advance(by duration: Duration) {
        events.advance(by: duration)
    }

    /// Runs the loop, letting its deadlines pass for at most `limit` on its clock, until
    /// `condition` holds on the screen; whether it did.
    @discardableResult
    func waitFor(within limit: Duration = .seconds(5), _ condition: (VirtualScreen) -> Bool) -> Bool {
        waitUntil(within: limit) { terminal.read(condition) }
    }

    /// The same for any `condition` (one that reads the terminal's output, say).
    @discardableResult
    func waitUntil(within limit: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        events.runUntil(within: limit, condition)
    }

    /// Quits (`q`, and again from the pager) and waits for the loop to end; its exit status.
    func quit() -> Int32? {
        events.push(.input([.key(.character("q")), .key(.character("q"))]))
        _ = done.wait(timeout: .now() + 5)
        return status
    }
}

/// The pager's clock in these tests: it moves only when the test moves it.
final class ManualClock: Sendable {
    private let start = ContinuousClock.now
    private let elapsed = Locked(Duration.zero)

    var now: ContinuousClock.Instant { start + elapsed.withLock { $0 } }

    func move(to instant: ContinuousClock.Instant) {
        elapsed.withLock { $0 = max($0, instant - start) }
    }
}

/// The loop runs on its own thread and is touched by no other.
private struct LoopBox: @unchecked Sendable {
    let loop: PagerLoop
    init(_ loop: PagerLoop) { self.loop = loop }
}

/// A terminal that is a virtual screen, fed everything the loop writes.
final class ScreenTerminal: PagerTerminal, @unchecked Sendable {
    private let lock = NSLock()
    private var screen: VirtualScreen
    private(set) var output: [UInt8] = []
    private let columns: Int, rows: Int
    var extraLeaveBytes: [UInt8] = []

    init(columns: Int, rows: Int, imagesOnOwnLayer: Bool = false) {
        self.columns = columns
        self.rows = rows
        screen = VirtualScreen(columns: columns, rows: rows, cellPixelSize: .typicalCell, imagesOnOwnLayer: imagesOnOwnLayer)
    }

    /// How many more bytes the terminal takes before it stalls (a slow or paused terminal);
    /// `write`, which waits for room, is not limited.
    private var room = Int.max

    func write(_ bytes: [UInt8]) throws {
        lock.lock(); defer { lock.unlock() }
        output += bytes
        screen.feed(bytes)
    }

    func writeSome(_ bytes: ArraySlice<UInt8>) throws -> Int {
        lock.lock(); defer { lock.unlock() }
        let taken = bytes.prefix(room)
        room -= room == .max ? 0 : taken.count
        output += taken
        screen.feed(Array(taken))
        return taken.count
    }

    /// From now on the terminal takes `bytes` more, then stalls (`Int.max`: no limit).
    func allow(_ bytes: Int) {
        lock.lock(); defer { lock.unlock() }
        room = bytes
    }

    var hasRoom: Bool { lock.lock(); defer { lock.unlock() }; return room > 0 }

    func size() throws -> TerminalSize {
        TerminalSize(columns: columns, rows: rows, pixelWidth: columns * 10, pixelHeight: rows * 20)
    }

    func suspend() throws {}
    func resume() throws {}

    /// How often the terminal was given to a key handler.
    private(set) var lent = 0
    func lend<T>(_ body: () throws -> T) throws -> T {
        lock.lock(); lent += 1; lock.unlock()
        return try body()
    }

    func read<T>(_ body: (VirtualScreen) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(screen)
    }

    var bytesWritten: Int { lock.lock(); defer { lock.unlock() }; return output.count }

    func output(from offset: Int) -> [UInt8] {
        lock.lock(); defer { lock.unlock() }
        return Array(output[offset...])
    }
}

/// Events pushed by the test, and the loop's time. `next` hands the loop what was pushed (or a
/// wake); with nothing there it waits (for real) while work is in flight, whose end wakes it,
/// and otherwise parks until the test pushes something or moves the clock to its deadline.
final class ScriptedEvents: PagerEventSource, @unchecked Sendable {
    private let condition = NSCondition()
    private let clock: ManualClock
    private var queue: [TerminalEvent] = []
    private var woken = false
    /// The loop waits with nothing to do: until this instant (nil: until something comes).
    private var parked: ContinuousClock.Instant?? = nil
    /// The test moved the clock to the parked loop's deadline.
    private var timeUp = false
    private var ended = false

    init(clock: ManualClock) {
        self.clock = clock
    }

    func push(_ event: TerminalEvent) {
        condition.lock()
        queue.append(event)
        parked = nil
        condition.broadcast()
        condition.unlock()
    }

    var wake: @Sendable () -> Void {
        { [self] in
            condition.lock()
            woken = true
            parked = nil
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Whether the terminal takes output now (`.writable` for a loop with bytes to write).
    var writable: @Sendable () -> Bool = { true }
    /// Whether the loop has work off its thread that will wake it.
    var workInFlight: @Sendable () -> Bool = { false }

    /// The terminal got room again: a loop waiting to write is told.
    func pokeWritable() { push(.writable) }

    func finished() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    func next(timeout: Duration?, writing: Bool) throws -> [TerminalEvent] {
        if writing, writable() { return [.writable] }
        condition.lock(); defer { condition.unlock() }
        while queue.isEmpty && !woken {
            if workInFlight() {
                _ = condition.wait(until: Date().addingTimeInterval(0.05))
                continue
            }
            if timeUp {
                timeUp = false
                return [.timeout]
            }
            if parked == nil {
                parked = .some(timeout.map { clock.now + $0 })
                condition.broadcast()
            }
            condition.wait()
        }
        parked = nil
        var events = queue
        queue = []
        if woken { events.append(.wake); woken = false }
        return events
    }

    /// Waits until the loop is parked; false after ten (scaled) seconds, or when it ended.
    func settle() -> Bool {
        condition.lock(); defer { condition.unlock() }
        return waitParked() != nil
    }

    /// The parked loop's deadline (`.some(nil)`: none) once it is parked; nil when it ended or
    /// never parked in time. Called with the lock held.
    private func waitParked() -> ContinuousClock.Instant?? {
        let limit = Date().addingTimeInterval(Double(TestTimeouts.scaled(.seconds(10)).components.seconds))
        while parked == nil || timeUp {
            if ended || !condition.wait(until: limit) { return nil }
        }
        return parked
    }

    /// Moves the clock to the parked loop's deadline and lets it run. Called with the lock held.
    private func fire(at deadline: ContinuousClock.Instant) {
        clock.move(to: deadline)
        timeUp = true
        parked = nil
        condition.broadcast()
    }

    func advance(by duration: Duration) {
        condition.lock(); defer { condition.unlock() }
        let target = clock.now + duration
        while let deadline = waitParked() {
            guard let deadline, deadline <= target else { break }
            fire(at: deadline)
        }
        clock.move(to: target)
    }

    /// Runs the loop deadline by deadline, at most `limit` on its clock, until `done` holds.
    func runUntil(within limit: Duration, _ done: () -> Bool) -> Bool {
        condition.lock(); defer { condition.unlock() }
        let target = clock.now + limit
        while let deadline = waitParked() {
            if done() { return true }
            guard let deadline, deadline <= target else { break }
            fire(at: deadline)
        }
        return done()
    }
}
