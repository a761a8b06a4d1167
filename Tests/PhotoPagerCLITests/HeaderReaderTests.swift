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
            let batch = reader.take() ?? ([], [:])
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
        for _ in 0 ..< 100 where read.count < 2 { usleep(2000); read += (reader.take()?.read ?? []).map(\.id) }
        usleep(60_000)
        read += (reader.take()?.read ?? []).map(\.id)
        #expect(Set(read) == [items[25].photo.id, items[7].photo.id], "the sweep went on while images were made")
        busy.withLock { $0 = false }
        for _ in 0 ..< 500 where read.count < items.count { usleep(2000); read += (reader.take()?.read ?? []).map(\.id) }
        #expect(Set(read) == Set(items.map(\.photo.id)))
    }

    /// The sweep's headers pile up until the app asks for all of them (a few times a second);
    /// a header the screen asked for is handed over at once, with what piled up before it.
    @Test func theSweepsHeadersWaitTheScreensDoNot() throws {
        let tmp = try TemporaryDirectory()
        let items = try (0 ..< 300).map { LocalPhoto.placeholder(url: try tmp.copy("formats/palette.png", to: "p\($0).png")) }
        let paused = Locked(false)
        let reader = HeaderReader(library: items, unread: Set(items.map(\.photo.id)), workers: 1,
                                  imagesBusy: { paused.withLock { $0 } }) {}
        for _ in 0 ..< 500 where !reader.hasUntaken { usleep(1000) }
        paused.withLock { $0 = true }                              // the sweep stops where it is
        usleep(20_000)
        #expect(reader.take(all: false) == nil, "the sweep's alone are left to pile up")
        let last = try #require(items.last?.photo.id)
        reader.want([last])
        var taken: [String] = []
        for _ in 0 ..< 500 where taken.isEmpty { usleep(2000); taken = (reader.take(all: false)?.read ?? []).map(\.id) }
        #expect(taken.contains(last) && taken.count > 1, "\(taken.count)")
    }
}
