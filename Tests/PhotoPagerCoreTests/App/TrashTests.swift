import PhotoPagerBase
@testable import PhotoPagerCore
import Testing

/// `Delete`/`D` in the app: the photo looked at leaves at once (the next shows, the one before
/// after the last), the marked ones after `y`, a refusal and `u` put them back in their places.
@Suite struct AppTrashTests {
    static func trashed(_ effects: [Effect]) -> [String] {
        effects.flatMap { effect -> [String] in
            if case .trashPhotos(let photos) = effect { return photos.map(\.id) }
            return []
        }
    }

    static func restored(_ effects: [Effect]) -> [String] {
        effects.flatMap { effect -> [String] in
            if case .restorePhotos(let photos) = effect { return photos.map(\.id) }
            return []
        }
    }

    @Test func thePagerShowsTheNextThenThePreviousAfterTheLast() {
        var app = AppFixtures.session(photos: RatingTests.files(4))
        app.keys(.enter, .right)
        #expect(Self.trashed(app.keys(.delete)) == ["p2"])
        #expect(app.state.photos.map(\.id) == ["p1", "p3", "p4"] && app.state.currentPhoto?.id == "p3")
        app.keys(.end)
        #expect(Self.trashed(app.type("D")) == ["p4"])
        #expect(app.state.currentPhoto?.id == "p3" && app.state.mode == .pager)
        #expect(Self.restored(app.type("u")) == ["p4"])
        #expect(Self.restored(app.type("u")) == ["p2"])
        #expect(app.state.photos.map(\.id) == ["p1", "p2", "p3", "p4"] && app.state.currentPhoto?.id == "p2")
    }

    /// Marked photos: the status line asks, `y` moves them all, any other key moves nothing.
    @Test func marksAreAskedAbout() {
        var app = AppFixtures.session(photos: RatingTests.files(5))
        app.type("m")
        app.keys(.right, .right)
        app.type("m")
        #expect(Self.trashed(app.keys(.delete)).isEmpty)
        #expect(app.state.chrome.notice == .message("move the 2 marked photos to the trash? y: yes, any other key: no"))
        #expect(Self.trashed(app.type("n")).isEmpty && app.state.photos.count == 5)
        #expect(app.state.chrome.notice == .message("nothing moved to the trash"))
        app.keys(.delete)
        #expect(Self.trashed(app.type("y")) == ["p1", "p3"])
        #expect(app.state.photos.map(\.id) == ["p2", "p4", "p5"] && app.state.session.picks.marked.isEmpty)
        #expect(app.state.grid.selectedIndex == 1)          // the gap closed: p4 where p3 was
        app.send(.trashRefused(photoIDs: ["p1", "p3"], reason: "cannot move /pics/IMG_1.jpg to the trash: Permission denied"))
        #expect(app.state.photos.map(\.id) == ["p1", "p2", "p3", "p4", "p5"])
        #expect(app.state.chrome.notice == .message("not moved to the trash: cannot move /pics/IMG_1.jpg to the trash: Permission denied"))
        #expect(Self.restored(app.type("u")).isEmpty)        // that step went with the refusal
    }

    @Test func whatCannotBeTrashedSaysSo() {
        var unsplash = AppFixtures.session(photos: AppFixtures.photos(3), feed: AppFixtures.feed(hasMore: false))
        #expect(Self.trashed(unsplash.type("D")).isEmpty && unsplash.state.photos.count == 3)
        #expect(unsplash.state.chrome.notice == .message("Unsplash is not yours to delete: the trash takes your own files and Immich photos"))
        let immich = FeedStatus(service: "Immich", capabilities: [.search, .trash], hasMore: false)
        var library = AppFixtures.session(photos: AppFixtures.photos(3), feed: immich)
        #expect(Self.trashed(library.type("D")) == ["p1"])
        library.send(.restoreRefused(photoIDs: ["p1"], reason: "x"))
        var app = AppFixtures.session(photos: RatingTests.files(3))
        app.keys(.enter)
        app.type("i")
        #expect(Self.trashed(app.type("D")).isEmpty && app.state.photos.count == 3)
    }
}

/// Ctrl-X then a key: the key handler asked for with the key's name and the marked photos
/// (else the one looked at); not from the info panel; how it went on the status line; the
/// photos it removed leave, those it changed come back with a new revision.
@Suite struct KeyHandlerTests {
    static func runs(_ effects: [Effect]) -> [(String, [String])] {
        effects.compactMap { effect in
            if case .runKeyHandler(let key, let photos) = effect { return (key, photos.map(\.id)) }
            return nil
        }
    }

    @Test func ctrlXThenAKey() {
        var app = AppFixtures.session(photos: RatingTests.files(4))
        app.keys(.right)
        app.send(.input(.key(.character("x"), modifiers: .ctrl)))
        #expect(app.state.chrome.notice == .message("Ctrl-X: which key for your key handler? (esc: none)"))
        let run = Self.runs(app.type("w"))
        #expect(run.map(\.0) == ["w"] && run.map(\.1) == [["p2"]])
        app.type("m")
        app.keys(.right)
        app.type("m")
        app.send(.input(.key(.character("x"), modifiers: .ctrl)))
        #expect(Self.runs(app.send(.input(.key(.character("r"), modifiers: .ctrl)))).map(\.0) == ["C-r"])
        app.send(.input(.key(.character("x"), modifiers: .ctrl)))
        #expect(Self.runs(app.keys(.escape)).isEmpty && app.state.photos.count == 4)
        app.send(.input(.key(.character("x"), modifiers: .ctrl)))
        #expect(Self.runs(app.keys(.function(5))).map(\.1) == [["p2", "p3"]])
        #expect(KeyHandler.name(of: KeyChord(.function(5))) == "F5" && KeyHandler.name(of: KeyChord(.character(" "))) == "space")
        app.keys(.enter)
        app.type("i")
        app.send(.input(.key(.character("x"), modifiers: .ctrl)))
        #expect(Self.runs(app.type("w")).isEmpty)
    }

    @Test func whatTheHandlerDidIsShown() {
        var app = AppFixtures.session(photos: RatingTests.files(3))
        var changed = app.state.photos[0]
        changed.width = 100
        app.send(.keyHandlerFinished(KeyHandler.Outcome(key: "w", status: 0, message: "set as wallpaper\u{1B}[2J",
                                                         removed: ["p2"], changed: [changed])))
        #expect(app.state.chrome.notice == .message("key-handler w: set as wallpaper"))
        #expect(app.state.photos.map(\.id) == ["p1", "p3"] && app.state.photos[0].width == 100)
        #expect(app.state.photos[0].fileDetails?.revision == 1)
        #expect(AppView.frame(for: app.state).images.contains { $0.content.photoID == "p1" && $0.content.revision == 1 }
            || app.log.contains { if case .decode(let request) = $0 { request.content.photoID == "p1" && request.content.revision == 1 } else { false } })
        app.send(.keyHandlerFinished(KeyHandler.Outcome(key: "x", status: 3, message: "no such folder")))
        #expect(app.state.chrome.notice == .message("key-handler x failed (exit 3): no such folder"))
    }
}

/// `Y`: the photo asked to be copied as an image; with the clipboard off, a word instead; the
/// PNG for the terminal's clipboard goes out as it is.
@Suite struct CopyImageTests {
    @Test func yCopiesWhereTheClipboardIsOn() {
        var app = AppFixtures.session(photos: RatingTests.files(2))
        #expect(app.type("Y") == [.copyImage(app.state.photos[0]), .redraw] || app.log.contains(.copyImage(app.state.photos[0])))
        #expect(app.state.chrome.notice == .message("copying the photo…"))
        #expect(app.send(.clipboardImageReady([1, 2, 3], said: "copied")).contains(.sendToTerminal([1, 2, 3])))
        var off = AppFixtures.session(clipboard: false, photos: RatingTests.files(2))
        #expect(!off.type("Y").contains { if case .copyImage = $0 { true } else { false } })
        #expect(off.state.chrome.notice == .message("the clipboard is off (--no-clipboard)"))
    }
}
