import PhotoPagerBase
import Testing
@testable import TerminalUI

/// The queue between frames and a terminal that takes bytes at its own pace.
@Suite("output queue")
struct OutputQueueTests {
    static let content = ImageContent(photoID: "a", pixelSize: .init(width: 10, height: 12))
    static let rect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// "TEXT", a sixel of `length` bytes (`ESC P q … ESC \`), "END": what a frame looks like.
    static func frame(sixelLength length: Int, owner: Int = 1, sixels count: Int = 1) -> RenderedFrame {
        var bytes = Array("TEXT".utf8)
        var sixels: [RenderedFrame.Sixel] = []
        for i in 0 ..< count {
            let start = bytes.count
            bytes += Array("\u{1B}Pq".utf8) + Array(repeating: UInt8(ascii: "~"), count: length - 5) + Array("\u{1B}\\".utf8)
            sixels.append(.init(bytes: start ..< bytes.count, owner: owner + i, content: content, rect: rect))
        }
        return RenderedFrame(bytes: bytes + Array("END".utf8), sixels: sixels)
    }

    static func drain(_ queue: inout OutputQueue) -> String {
        var out: [UInt8] = []
        while !queue.isEmpty { out += queue.pending; queue.consumed(queue.pending.count) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func bytesGoOutInOrderAsTheTerminalTakesThem() {
        var queue = OutputQueue()
        queue.append(Array("abc".utf8))
        queue.append(Array("de".utf8))
        #expect(queue.count == 5)
        queue.consumed(2)
        #expect(Array(queue.pending) == Array("c".utf8))
        queue.consumed(1)
        #expect(Array(queue.pending) == Array("de".utf8))
        queue.consumed(2)
        #expect(queue.isEmpty && queue.pending.isEmpty)
    }

    @Test func aSixelInFlightEndsAtOnceAndTheFrameStillEnds() {
        var queue = OutputQueue()
        queue.append(Self.frame(sixelLength: 40_000))
        queue.consumed(1_000)                        // inside the sixel
        #expect(queue.hasUnfinishedSixels)
        #expect(queue.cut { _ in true } == [1])
        #expect(!queue.hasUnfinishedSixels)
        let rest = Self.drain(&queue)
        #expect(rest == "\u{1B}\\END", "the DCS ended with ST, the text after it kept")
    }

    @Test func aSixelNotBegunIsDroppedWholeAndLaterRangesFollow() {
        var queue = OutputQueue()
        queue.append(Self.frame(sixelLength: 40_000, owner: 7, sixels: 2))
        queue.consumed(2)                            // still in "TEXT"
        // Only the first is stale: the second must still be found where it now lies.
        #expect(queue.cut { $0.owner == 7 } == [7])
        let all = Self.drain(&queue)
        #expect(all.hasPrefix("XT\u{1B}Pq~"))
        #expect(all.hasSuffix("~\u{1B}\\END"))
        #expect(all.utf8.count == 2 + 40_000 + 3)
    }

    @Test func theSecondSixelCanBeCutAfterTheFirstWas() {
        var queue = OutputQueue()
        queue.append(Self.frame(sixelLength: 40_000, owner: 1, sixels: 2))
        queue.consumed(10)
        #expect(queue.cut { $0.owner == 1 } == [1])   // "TEXT" and 6 of its bytes went: ends with ST
        #expect(queue.cut { $0.owner == 2 } == [2])   // not begun: dropped
        #expect(Self.drain(&queue) == "\u{1B}\\END")
    }

    @Test func aSmallRemainderIsFinishedUnlessAllMustStop() {
        var queue = OutputQueue()
        queue.append(Self.frame(sixelLength: 40_000))
        queue.consumed(4 + 40_000 - 100)             // 100 bytes of the sixel to go
        #expect(queue.cut { _ in true }.isEmpty)
        #expect(queue.cut(all: true) { _ in true } == [1])
        #expect(Self.drain(&queue) == "\u{1B}\\END")
    }

    @Test func theFinalStringTerminatorIsNeverSplit() {
        var queue = OutputQueue()
        queue.append(Self.frame(sixelLength: 40_000))
        queue.consumed(4 + 40_000 - 1)               // ESC written, "\" not
        #expect(queue.cut(all: true) { _ in true }.isEmpty)
        #expect(Self.drain(&queue) == "\\END")
    }

    @Test func writtenSixelsAreNotCut() {
        var queue = OutputQueue()
        queue.append(Self.frame(sixelLength: 40_000))
        queue.consumed(4 + 40_000)
        #expect(!queue.hasUnfinishedSixels)
        #expect(queue.cut(all: true) { _ in true }.isEmpty)
        #expect(Self.drain(&queue) == "END")
    }
}
