import Glibc

/// Wall-clock laps printed to stderr when tracing is on; free when it is off.
struct StageClock {
    let enabled: Bool
    private var last = StageClock.now()

    init(enabled: Bool) { self.enabled = enabled }

    mutating func lap(_ stage: @autoclosure () -> String) {
        guard enabled else { return }
        let now = Self.now()
        let tenths = Int((now - last) * 10_000)
        Console.error("photopager: \(stage()): \(tenths / 10).\(tenths % 10) ms")
        last = now
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
