import Testing
import TerminalUI

@Suite("FramePacer")
struct FramePacerTests {
    let start = ContinuousClock.now

    @Test func theFirstFrameIsDrawnAtOnce() {
        #expect(FramePacer().decide(now: start, lastFrame: nil) == .drawNow)
    }

    @Test func framesAreCappedAtSixtyPerSecond() {
        let pacer = FramePacer()
        #expect(pacer.minimumInterval == .seconds(1) / 60)
        let last = start
        #expect(pacer.decide(now: last + .milliseconds(5), lastFrame: last) == .drawAt(last + .seconds(1) / 60))
        #expect(pacer.decide(now: last + .milliseconds(16), lastFrame: last) == .drawAt(last + .seconds(1) / 60))
        #expect(pacer.decide(now: last + .milliseconds(17), lastFrame: last) == .drawNow)
        #expect(pacer.decide(now: last + .seconds(3), lastFrame: last) == .drawNow)
    }

    @Test func aLastFrameInTheFutureWaitsAtMostOneInterval() {
        let pacer = FramePacer(framesPerSecond: 10)
        #expect(pacer.decide(now: start, lastFrame: start + .seconds(60)) == .drawAt(start + .milliseconds(100)))
    }

    @Test func oddRatesAreClamped() {
        #expect(FramePacer(framesPerSecond: 0).minimumInterval == .seconds(1))
        #expect(FramePacer(minimumInterval: .seconds(-1)).minimumInterval == .zero)
        #expect(FramePacer(minimumInterval: .zero).decide(now: start, lastFrame: start) == .drawNow)
    }
}
