import Foundation
import PhotoLibrary
import PhotoPagerBase
@testable import PhotoPagerCLI
import Testing
import TestSupport

@Suite struct HeaderReaderTests {
    @Test func readsEveryHeaderAndReportsFailures() throws {
        let tmp = try TemporaryDirectory()
        var urls: [URL] = []
        for n in 0 ..< 40 { urls.append(try tmp.copy("formats/palette.png", to: "p\(n).png")) }
        urls.append(try tmp.write("broken.png", Data("not a png".utf8)))
        let items = urls.map { LocalPhoto.placeholder(url: $0) }
        let wakes = Locked(0)
        let reader = HeaderReader(library: items, unread: Set(items.map(\.photo.id)), workers: 2) { wakes.withLock { $0 += 1 } }
        reader.want([items.last!.photo.id, items[20].photo.id])
        var read: [Photo] = [], failed: [String: String] = [:]
        for _ in 0 ..< 500 where read.count + failed.count < items.count {
            usleep(2000)
            let batch = reader.takeAll() ?? ([], [:])
            read += batch.read
            failed.merge(batch.failed) { $1 }
        }
        #expect(read.count == 40 && failed.count == 1)
        #expect(Set(read.map(\.id)) == Set(items.dropLast().map(\.photo.id)))
        #expect(read.allSatisfy { $0.width > 0 && $0.height > 0 })
        #expect(failed[items.last!.photo.id] != nil)
        #expect(wakes.withLock { $0 } >= 1)
    }

    /// While the screen's images are being made the sweep through the folder waits; the headers
    /// the screen asks for do not. Then the sweep goes on.
    @Test func theSweepWaitsForTheScreensImages() throws {
        let tmp = try TemporaryDirectory()
        let items = try (0 ..< 30).map { LocalPhoto.placeholder(url: try tmp.copy("formats/palette.png", to: "p\($0).png")) }
        let busy = Locked(true)
        let reader = HeaderReader(library: items, unread: Set(items.map(\.photo.id)), workers: 2,
                                  imagesBusy: { busy.withLock { $0 } }) {}
        reader.want([items[25].photo.id, items[7].photo.id])
        var read: [String] = []
        for _ in 0 ..< 100 where read.count < 2 { usleep(2000); read += (reader.takeAll()?.read ?? []).map(\.id) }
        usleep(60_000)
        read += (reader.takeAll()?.read ?? []).map(\.id)
        #expect(Set(read) == [items[25].photo.id, items[7].photo.id], "the sweep went on while images were made")
        busy.withLock { $0 = false }
        for _ in 0 ..< 500 where read.count < items.count { usleep(2000); read += (reader.takeAll()?.read ?? []).map(\.id) }
        #expect(Set(read) == Set(items.map(\.photo.id)))
    }

    /// The sweep's headers pile up for `HeaderReader.gap` after the last take; a header the
    /// screen asked for is handed over at once, with what piled up before it.
    @Test func theSweepsHeadersWaitTheScreensDoNot() throws {
        let tmp = try TemporaryDirectory()
        let items = try (0 ..< 300).map { LocalPhoto.placeholder(url: try tmp.copy("formats/palette.png", to: "p\($0).png")) }
        let paused = Locked(true)                                  // no sweep yet
        let reader = HeaderReader(library: items, unread: Set(items.map(\.photo.id)), workers: 1,
                                  imagesBusy: { paused.withLock { $0 } }) {}
        let start = ContinuousClock.now
        reader.want([items[0].photo.id])
        for _ in 0 ..< 500 where reader.take(now: start) == nil { usleep(1000) }     // the first is taken at once
        paused.withLock { $0 = false }                             // the sweep reads a few
        for _ in 0 ..< 5000 where reader.due(now: start) == nil { usleep(100) }
        paused.withLock { $0 = true }
        usleep(20_000)
        #expect(reader.take(now: start + .milliseconds(100)) == nil, "the sweep's alone are left to pile up")
        #expect(reader.due(now: start + .milliseconds(100)) == HeaderReader.gap - .milliseconds(100))
        let last = try #require(items.last?.photo.id)
        reader.want([last])
        var taken: [String] = []
        for _ in 0 ..< 500 where taken.isEmpty { usleep(2000); taken = (reader.take(now: start + .milliseconds(100))?.read ?? []).map(\.id) }
        #expect(taken.contains(last) && taken.count > 1, "\(taken.count)")
    }
}

/// A clock for `takeAll` that moves a gap on at each take.
private let takes = Locked(ContinuousClock.now)

private extension HeaderReader {
    /// Everything read so far, as the loop takes it once `gap` has passed since the last take.
    func takeAll() -> (read: [Photo], failed: [String: String])? {
        take(now: takes.withLock { $0 += HeaderReader.gap; return $0 })
    }
}
