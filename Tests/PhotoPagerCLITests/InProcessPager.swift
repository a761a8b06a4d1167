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
/// no timing of a child. The test pushes events and reads what the loop wrote.
final class InProcessPager: @unchecked Sendable {
    let terminal: ScreenTerminal
    let events = ScriptedEvents()
    private let done = DispatchSemaphore(value: 0)
    private var status: Int32?

    init(renderer: RendererKind, photos: [LibraryPhoto], columns: Int = 100, rows: Int = 30,
         repeatGap: Duration = .milliseconds(50), answersKittyQueries: Bool = false) throws {
        terminal = ScreenTerminal(columns: columns, rows: rows)
        events.writable = { [terminal] in terminal.hasRoom }
        let remote = RemoteServices(environment: [:], settings: RenderSettings(), accessKey: nil)
        let loop = try PagerLoop(
            terminal: terminal, events: events, kind: renderer, environment: ["COLORTERM": "truecolor"],
            screenLimits: .init(image: nil, avoidLastRow: renderer.scrollsAtLastRow), cellSize: { _ in .typicalCell },
            library: photos, unreadHeaders: [], sourceName: "test", feed: nil, remote: remote,
            clipboard: false, maxPixels: DecodeRequest.defaultMaxPixels, memoryBytes: 48 << 20, repeatGap: repeatGap,
            answersKittyQueries: answersKittyQueries)
        let box = LoopBox(loop)
        Thread { [self] in
            status = try? box.loop.run()
            done.signal()
        }.start()
    }

    /// Sends keys as the terminal would.
    func type(_ keys: [Key]) {
        events.push(.input(keys.map { .key($0) }))
    }

    /// Waits (up to `timeout`) until `condition` holds on the screen.
    @discardableResult
    func waitFor(timeout: Duration = .seconds(5), _ condition: (VirtualScreen) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + TestTimeouts.scaled(timeout)
        while ContinuousClock.now < deadline {
            if terminal.read(condition) { return true }
            usleep(5_000)
        }
        return terminal.read(condition)
    }

    /// Waits until the loop has written nothing for `quiet` (up to `limit`): idle work such as
    /// kitty's send-ahead is done, however slow the build (a sanitizer's) makes it.
    func waitUntilQuiet(_ quiet: Duration = .milliseconds(300), limit: Duration = .seconds(10)) {
        let deadline = ContinuousClock.now + TestTimeouts.scaled(limit)
        var last = terminal.bytesWritten, since = ContinuousClock.now
        while ContinuousClock.now < deadline {
            usleep(10_000)
            let now = terminal.bytesWritten
            if now != last { last = now; since = ContinuousClock.now } else if ContinuousClock.now - since >= quiet { return }
        }
    }

    /// Waits (up to `timeout`) until the loop has written `count` bytes in all.
    func waitUntilWritten(_ count: Int, timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + TestTimeouts.scaled(timeout)
        while terminal.bytesWritten < count, ContinuousClock.now < deadline { usleep(2_000) }
        return terminal.bytesWritten >= count
    }

    /// Quits (`q`, and again from the pager) and waits for the loop to end; its exit status.
    func quit() -> Int32? {
        events.push(.input([.key(.character("q")), .key(.character("q"))]))
        _ = done.wait(timeout: .now() + 5)
        return status
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

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        screen = VirtualScreen(columns: columns, rows: rows, cellPixelSize: .typicalCell)
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

/// Events pushed by the test; `next` waits for them (or a wake, or its timeout) like the
/// terminal's event loop does.
final class ScriptedEvents: PagerEventSource, @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [TerminalEvent] = []
    private var woken = false

    func push(_ event: TerminalEvent) {
        condition.lock()
        queue.append(event)
        condition.signal()
        condition.unlock()
    }

    var wake: @Sendable () -> Void {
        { [self] in
            condition.lock()
            woken = true
            condition.signal()
            condition.unlock()
        }
    }

    /// Whether the terminal takes output now (`.writable` for a loop with bytes to write).
    var writable: @Sendable () -> Bool = { true }

    /// The terminal got room again: a loop waiting to write is told.
    func pokeWritable() { push(.writable) }

    func next(timeout: Duration?, writing: Bool) throws -> [TerminalEvent] {
        if writing, writable() { return [.writable] }
        condition.lock(); defer { condition.unlock() }
        let deadline = timeout.map { Date().addingTimeInterval(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) }
        while queue.isEmpty && !woken {
            if let deadline {
                if !condition.wait(until: deadline) { return [.timeout] }
            } else {
                condition.wait()
            }
        }
        var events = queue
        queue = []
        if woken { events.append(.wake); woken = false }
        return events
    }
}
