import PhotoPagerBase
@testable import PhotoPagerCore
import Testing

/// `F`: a library photo's favourite, at once on screen, written in the background, put back
/// when the library refuses; nothing for photos that have no such thing.
@Suite struct FavouriteTests {
    static func library(_ count: Int) -> [Photo] {
        AppFixtures.photos(count).map { photo in
            var photo = photo
            photo.favourite = false
            return photo
        }
    }

    static let immich = FeedStatus(service: "Immich", capabilities: [.search, .favourite, .publicLink], hasMore: false)

    static func statusLine(_ state: AppState) -> String {
        let frame = AppView.frame(for: state)
        return frame.text(row: frame.rows - 1)
    }

    @Test func fTogglesAndWritesTheFavourite() {
        var app = AppFixtures.session(photos: Self.library(4), feed: Self.immich)
        app.keys(.right)
        #expect(app.type("F").contains(.setFavourite(photoID: "p2", true)))
        #expect(app.state.photos[1].favourite == true)
        #expect(Self.statusLine(app.state).contains("♥"))
        #expect(app.type("F").contains(.setFavourite(photoID: "p2", false)))
        #expect(app.state.photos[1].favourite == false && !Self.statusLine(app.state).contains("♥"))
    }

    @Test func aRefusalPutsItBackAndSaysWhy() {
        var app = AppFixtures.session(photos: Self.library(3), feed: Self.immich)
        app.type("F")
        #expect(app.state.photos[0].favourite == true)
        app.send(.favouriteRefused(photoID: "p1", true, reason: "Missing required permission: asset.update"))
        #expect(app.state.photos[0].favourite == false)
        #expect(app.state.chrome.notice == .message("the favourite was not saved: Missing required permission: asset.update"))
    }

    /// Local photos and Unsplash's have no favourites: F says so and asks nothing.
    @Test func photosWithoutFavouritesSaySo() {
        var local = AppFixtures.session(count: 3)
        #expect(!local.type("F").contains { if case .setFavourite = $0 { true } else { false } })
        #expect(local.state.photos[0].favourite == nil)
        guard case .message(let text) = local.state.chrome.notice else { Issue.record("no notice"); return }
        #expect(text.contains("Immich"))
        var unsplash = AppFixtures.session(photos: Self.library(3), feed: AppFixtures.feed(hasMore: false))
        #expect(!unsplash.type("F").contains { if case .setFavourite = $0 { true } else { false } })
        #expect(unsplash.state.photos[0].favourite == false)
    }

    /// The `?` overlay and the info panel keep F: nothing changes in the library from there.
    @Test func theOverlayAndThePanelKeepF() {
        var app = AppFixtures.session(photos: Self.library(3), feed: Self.immich)
        app.type("?")
        #expect(!app.type("F").contains { if case .setFavourite = $0 { true } else { false } })
        #expect(app.state.photos[0].favourite == false)
        app.keys(.escape, .enter)
        app.type("i")
        #expect(!app.type("F").contains { if case .setFavourite = $0 { true } else { false } })
        #expect(app.state.photos[0].favourite == false)
        app.type("i")
        #expect(app.type("F").contains(.setFavourite(photoID: "p1", true)))
    }
}

/// A library's videos are shown by their thumbnail: the caption says "[video 0:05]", and
/// opening or paging onto one says where it plays.
@Suite struct VideoTests {
    static func photos() -> [Photo] {
        var photos = AppFixtures.photos(3)
        photos[1].videoDuration = 5.123
        photos[2].videoDuration = 3723
        return photos
    }

    @Test func captionsAndTheStatusLineSayVideo() {
        let photos = Self.photos()
        #expect(photos[1].caption.hasPrefix("[video 0:05] ") && photos[2].caption.hasPrefix("[video 1:02:03] "))
        #expect(!photos[0].caption.contains("video"))
        var app = AppFixtures.session(photos: photos)
        app.keys(.enter)
        #expect(app.state.chrome.notice == nil)
        app.keys(.right)
        guard case .message(let text) = app.state.chrome.notice else { Issue.record("no notice"); return }
        #expect(text.contains("a video (0:05)") && text.contains("o opens it"))
        app.keys(.escape, .right, .enter)
        #expect(app.state.chrome.notice == .message("a video (1:02:03), shown by its thumbnail: o opens it in the web app"))
    }
}

/// `P`: a public link, asked of the library only when the person asks, said to be public.
@Suite struct PublicLinkTests {
    @Test func pAsksTheLibraryAndSaysTheLinkIsPublic() {
        var app = AppFixtures.session(photos: FavouriteTests.library(3), feed: FavouriteTests.immich)
        app.keys(.right)
        #expect(app.type("P").contains(.makePublicLink(photoID: "p2")))
        let effects = app.send(.publicLinkMade(PublicLink(url: "https://photos.example.org/share/abc", expires: "2026-12-10")))
        #expect(effects.contains(.copyToClipboard("https://photos.example.org/share/abc")))
        guard case .message(let text) = app.state.chrome.notice else { Issue.record("no notice"); return }
        #expect(text.hasPrefix("PUBLIC link") && text.contains("until 2026-12-10") && text.hasSuffix("https://photos.example.org/share/abc"))
        var quiet = AppFixtures.session(clipboard: false, photos: FavouriteTests.library(3), feed: FavouriteTests.immich)
        #expect(!quiet.send(.publicLinkMade(PublicLink(url: "u", expires: nil))).contains(.copyToClipboard("u")))
        #expect(quiet.state.chrome.notice == .message("PUBLIC link, anyone with it can see the photo until revoked in Immich: u"))
    }

    @Test func nothingPublicWithoutALibraryOrFromThePanel() {
        var local = AppFixtures.session(count: 2)
        #expect(!local.type("P").contains(.makePublicLink(photoID: "p1")))
        var app = AppFixtures.session(photos: FavouriteTests.library(2), feed: FavouriteTests.immich)
        app.keys(.enter)
        app.type("i")
        #expect(!app.type("P").contains(.makePublicLink(photoID: "p1")))
    }
}
