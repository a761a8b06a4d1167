import Foundation
import HTTPClient
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
import Unsplash
@testable import PhotoPagerCLI

/// Animated GIF and WebP in the pager: the frames made beside the first, their timing.
@Suite(.ownThreads) struct AnimationTests {
    func preparer(_ url: URL) -> PhotoPreparer {
        let item = LibraryPhoto(photo: Photo(id: "a", width: 160, height: 106, urls: Photo.URLs(raw: ""), user: Photo.User()),
                                image: .file(url))
        return PhotoPreparer(library: [item], kind: .sixel, colorDepth: .truecolor, environment: [:],
                             cell: CellPixelSize(width: 10, height: 20), maxPixels: DecodeRequest.defaultMaxPixels,
                             images: RemoteImages(transport: CurlTransport(), cache: nil), thumbnails: nil)
    }

    func waitIdle(_ store: AnimationStore) {
        let deadline = Date().addingTimeInterval(10)
        while store.isBusy && Date() < deadline { usleep(10_000) }
    }

    @Test func thePagersFirstFrameBringsTheOthers() throws {
        let preparer = preparer(SharedPhotos.url("formats/animated.gif"))
        let content = ImageContent(photoID: "a", pixelSize: PixelSize(width: 320, height: 212), frame: 0)
        let job = PipelineJob(stillWanted: { true }, makeRoom: { _ in })
        _ = try preparer.prepare(content, job: job)
        waitIdle(preparer.animations)
        let ready = preparer.animations.takeReady()
        #expect(ready.count == 1 && ready.first?.0 == content)
        let delays = try #require(ready.first?.1)
        #expect(delays == [100, 100, 100, 100] || delays.count == 4)
        var second = content
        second.frame = 1
        #expect(preparer.animations.bytes(for: second)?.starts(with: [0x1B, 0x50]) == true, "a sixel")
        // A thumbnail (no frame) never plays.
        _ = try preparer.prepare(ImageContent(photoID: "a", pixelSize: PixelSize(width: 160, height: 106)), job: job)
        waitIdle(preparer.animations)
        #expect(preparer.animations.takeReady().isEmpty)
        preparer.animations.keep(only: [])
        #expect(preparer.animations.bytes(for: second) == nil)
    }

    /// One animation is made at a time, in the order asked; one let go before its turn is
    /// never made (paging past a folder of GIFs).
    @Test func animationsAreMadeOneAtATimeAndLetGoBeforeTheirTurn() throws {
        let bytes = try FileBytes.read(SharedPhotos.url("formats/animated.gif"))
        let running = Locked(0), most = Locked(0)
        let store = AnimationStore(wake: {})
        func content(_ id: String) -> ImageContent {
            ImageContent(photoID: id, pixelSize: PixelSize(width: 80, height: 53), frame: 0)
        }
        for id in ["a", "b", "c"] {
            store.make(content(id), frames: {
                let now = running.withLock { $0 += 1; return $0 }
                most.withLock { $0 = max($0, now) }
                usleep(100_000)
                defer { running.withLock { $0 -= 1 } }
                return try PhotoDecoder.animationFrames(bytes, DecodeRequest(size: (80, 53)))
            }, encode: { Array("frame \($0.width)".utf8) })
        }
        store.keep(only: [content("a"), content("c")])
        waitIdle(store)
        #expect(Set(store.takeReady().map(\.0.photoID)) == ["a", "c"])
        #expect(most.withLock { $0 } == 1, "never two at once")
        #expect(store.frames(of: content("a"))?.bytes.first == Array("frame 80".utf8), "each frame sized as asked")
    }

    /// The loop's frame timer on a clock of our own: due after the delay, and not before the
    /// terminal has taken the frame before (a slow terminal skips frames, never queues them).
    @Test func theFrameTimerWaitsForTheDelayAndForTheTerminal() {
        let start = ContinuousClock.now
        var timer = FrameTimer()
        #expect(timer.timeout(now: start, outputIdle: true) == nil)
        timer.schedule(after: .milliseconds(80), generation: 3, now: start)
        #expect(timer.timeout(now: start, outputIdle: true) == .milliseconds(80))
        #expect(timer.take(now: start + .milliseconds(79), outputIdle: true) == nil)
        #expect(timer.take(now: start + .milliseconds(80), outputIdle: false) == nil, "still writing the last frame")
        #expect(timer.timeout(now: start + .milliseconds(90), outputIdle: false) == nil, "the output's progress wakes the loop")
        #expect(timer.timeout(now: start + .milliseconds(90), outputIdle: true) == .zero)
        #expect(timer.take(now: start + .milliseconds(120), outputIdle: true) == 3)
        #expect(timer.take(now: start + .milliseconds(200), outputIdle: true) == nil, "once")
    }

    /// kitty: the frames go to the image once it is there, once; then only play and stop; an
    /// image sent again (another id) gets them again.
    @Test func kittyIsGivenTheFramesOnceThenToldToPlayOrStop() {
        let content = ImageContent(photoID: "a", pixelSize: PixelSize(width: 64, height: 64), frame: 0)
        let frame = Array("\u{1B}_Ga=T,f=24,s=64,v=64,c=6,r=3,q=2;AAAA\u{1B}\\".utf8)
        let frames = { (asked: ImageContent) in asked == content ? (bytes: [frame, frame, frame], delays: [100, 50, 70]) : nil }
        var animation = KittyAnimation()
        #expect(animation.update(id: 5, frames: frames).isEmpty, "nothing wanted")
        animation.wanted = (content, true)
        #expect(animation.update(id: nil, frames: frames).isEmpty, "the first frame is not there yet")
        let sent = String(decoding: animation.update(id: 5, frames: frames), as: UTF8.self)
        #expect(sent.components(separatedBy: "a=f,i=5").count - 1 == 2)
        #expect(sent.contains("z=50") && sent.contains("z=70") && sent.hasSuffix("a=a,i=5,r=1,z=100,q=2\u{1B}\\\u{1B}_Ga=a,i=5,s=3,v=1,q=2\u{1B}\\"))
        #expect(animation.update(id: 5, frames: frames).isEmpty, "once")
        animation.wanted = (content, false)
        #expect(String(decoding: animation.update(id: 5, frames: frames), as: UTF8.self) == "\u{1B}_Ga=a,i=5,s=1,q=2\u{1B}\\")
        #expect(animation.update(id: 5, frames: frames).isEmpty)
        let again = String(decoding: animation.update(id: 8, frames: frames), as: UTF8.self)
        #expect(again.contains("a=f,i=8") && again.hasSuffix("s=1,q=2\u{1B}\\"), "sent again, still stopped")
    }

    /// The pager itself, on a virtual screen: an animated GIF opened in a sixel pager is drawn
    /// again at its delays; `a` stops that; kitty is given the frames and told to play.
    @Test func aGIFPlaysInThePagerAndAPausesIt() throws {
        let photo = try LocalPhoto.make(url: SharedPhotos.url("formats/animated.gif"))
        let pager = try InProcessPager(renderer: .sixel, photos: [photo])
        pager.type([.enter])
        #expect(pager.waitFor { $0.text(row: 0).contains("↗ share") && $0.images.count == 1 })
        let sixels = { (from: Int) in String(decoding: pager.terminal.output(from: from), as: UTF8.self).components(separatedBy: "\u{1B}P").count - 1 }
        let start = pager.terminal.bytesWritten
        #expect(pager.waitUntil(within: .seconds(1)) { sixels(start) >= 4 }, "frames drawn again at their delays (100 ms)")
        pager.type([.character("a")])
        pager.advance(by: .milliseconds(300))   // a frame already being drawn is finished
        let paused = pager.terminal.bytesWritten
        pager.advance(by: .milliseconds(500))
        #expect(sixels(paused) == 0, "paused: nothing drawn")
        #expect(pager.quit() == 0)

        let kitty = try InProcessPager(renderer: .kitty, photos: [photo])
        kitty.type([.enter])
        let played = { String(decoding: kitty.terminal.output(from: 0), as: UTF8.self) }
        kitty.waitUntil { played().contains("s=3,v=1") }
        #expect(played().components(separatedBy: "\u{1B}_Ga=f,i=").count - 1 == 3, "the three frames after the first")
        #expect(played().contains("s=3,v=1"))
        #expect(kitty.quit() == 0)
    }
}
