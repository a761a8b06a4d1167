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
