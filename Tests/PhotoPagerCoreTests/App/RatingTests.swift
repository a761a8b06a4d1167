import PhotoPagerBase
@testable import PhotoPagerCore
import Testing

/// Culling in the app: stars and rejects at once on screen (tile, status line, info panel),
/// written by the shell, put back on refusal, applied to the marked photos, hidden with `X`,
/// filtered with `rating>=N`, taken back with `u`; nothing for photos without a place to keep them.
@Suite struct RatingTests {
    /// Photos on this machine (file URIs), so they have sidecars to be rated in.
    static func files(_ count: Int) -> [Photo] {
        AppFixtures.photos(count).enumerated().map { index, photo in
            var photo = photo
            photo.urls = Photo.URLs(raw: "file:///pics/IMG_\(index + 1).jpg")
            photo.links = Photo.Links(html: "file:///pics/IMG_\(index + 1).jpg")
            return photo
        }
    }

    static func writes(_ effects: [Effect]) -> [RatingChange] {
        effects.flatMap { effect -> [RatingChange] in
            if case .writeRatings(let changes) = effect { return changes }
            return []
        }
    }

    static func frame(_ state: AppState) -> Frame { AppView.frame(for: state) }
    static func statusLine(_ state: AppState) -> String {
        let frame = frame(state)
        return frame.text(row: frame.rows - 1)
    }

    @Test func starsAreShownAndWrittenAndTheSameAgainClears() {
        var app = AppFixtures.session(photos: Self.files(4))
        app.keys(.right)
        let written = Self.writes(app.type("4"))
        #expect(written.map(\.photo.id) == ["p2"] && written[0].rating == 4 && written[0].previous == nil)
        #expect(written[0].photo.localFiles == ["/pics/IMG_2.jpg"])
        #expect(app.state.photos[1].rating == 4)
        #expect(Self.statusLine(app.state).contains("★★★★☆"))
        #expect((0 ..< Self.frame(app.state).rows).contains { Self.frame(app.state).text(row: $0).contains("★4 ") })
        #expect(Self.writes(app.type("4")).map(\.rating) == [0])
        #expect(app.state.photos[1].rating == 0 && !Self.statusLine(app.state).contains("★"))
        app.type("x")
        #expect(app.state.photos[1].rating == -1 && Self.statusLine(app.state).contains("✕ rejected"))
        #expect(Self.writes(app.type("x")).map(\.rating) == [0])
    }

    /// With marks, every marked photo (also one filtered out of sight) takes the key; the
    /// same stars on all of them clear.
    @Test func marksTakeTheKeyTogether() {
        var app = AppFixtures.session(photos: Self.files(5))
        app.type("m")
        app.keys(.right, .right)
        app.type("m")
        #expect(Self.writes(app.type("5")).map(\.photo.id) == ["p1", "p3"])
        #expect(app.state.photos.map(\.rating) == [5, nil, 5, nil, nil])
        #expect(Self.writes(app.type("5")).map(\.rating) == [0, 0])
    }

    @Test func aRefusalPutsItBack() {
        var app = AppFixtures.session(photos: Self.files(3))
        app.type("3")
        app.send(.ratingRefused(photoID: "p1", previous: nil, reason: "cannot write /pics/IMG_1.jpg.xmp: No space left on device"))
        #expect(app.state.photos[0].rating == nil)
        #expect(app.state.chrome.notice == .message("the rating was not saved: cannot write /pics/IMG_1.jpg.xmp: No space left on device"))
    }

    /// `X` hides the rejected: a photo rejected then leaves at once and the next one is looked
    /// at; `X` again brings them back; `u` takes the reject back (several steps deep).
    @Test func rejectsHideAndUndoBringsThemBack() {
        var app = AppFixtures.session(photos: Self.files(4))
        app.keys(.enter)
        app.type("X")
        #expect(Self.statusLine(app.state).contains("rejected hidden"))
        app.type("x")
        #expect(app.state.photos.map(\.id) == ["p2", "p3", "p4"] && app.state.currentPhoto?.id == "p2")
        app.type("2")
        app.type("x")
        #expect(app.state.photos.map(\.id) == ["p3", "p4"] && app.state.currentPhoto?.id == "p3")
        let undone = Self.writes(app.type("u"))
        #expect(undone.map(\.photo.id) == ["p2"] && undone[0].rating == 2 && undone[0].previous == -1)
        #expect(app.state.photos.map(\.id) == ["p2", "p3", "p4"])
        #expect(Self.writes(app.type("u")).map(\.rating) == [0])                    // p2's 2 stars
        #expect(Self.writes(app.type("u")).map(\.photo.id) == ["p1"])               // p1's reject
        #expect(app.state.photos.count == 4)
        app.type("u")
        #expect(app.state.chrome.notice == .message("nothing to undo"))
        app.type("X")
        #expect(app.state.list.filter == nil && !Self.statusLine(app.state).contains("rejected hidden"))
    }

    /// `/rating>=3 beach`: the terms about stars beside the text (rejected are -1, unrated 0).
    @Test func theFilterTakesRatingTerms() {
        var photos = Self.files(5)
        for (index, stars) in [5, 3, 0, -1, 2].enumerated() { photos[index].rating = stars }
        photos[1].description = "a beach at dawn"
        var app = AppFixtures.session(photos: photos)
        app.type("/rating>=3")
        #expect(app.state.photos.map(\.id) == ["p1", "p2"])
        app.type(" beach")
        #expect(app.state.photos.map(\.id) == ["p2"])
        app.keys(.escape)
        app.type("/rating<0")
        #expect(app.state.photos.map(\.id) == ["p4"])
        app.keys(.escape)
        app.type("/RATING:0")
        #expect(app.state.photos.map(\.id) == ["p3"])
        #expect(RatingTerm("rating>=9") == nil && RatingTerm("ratings") == nil)
    }

    /// Unsplash's photos (and a manifest's) have nowhere to keep stars: the key says so; a
    /// library that keeps ratings (Immich) takes them; the panel and the overlay keep the keys.
    @Test func photosWithoutSidecarsAndThePanel() {
        var unsplash = AppFixtures.session(photos: AppFixtures.photos(3), feed: AppFixtures.feed(hasMore: false))
        #expect(Self.writes(unsplash.type("3")).isEmpty && unsplash.state.photos[0].rating == nil)
        #expect(unsplash.state.chrome.notice == .message("Unsplash has no sidecar: ratings are kept for your own files and Immich libraries"))
        var manifest = AppFixtures.session(photos: AppFixtures.photos(3))
        #expect(Self.writes(manifest.type("x")).isEmpty)
        let immich = FeedStatus(service: "Immich", capabilities: [.search, .favourite, .rating], hasMore: false)
        var library = AppFixtures.session(photos: AppFixtures.photos(3), feed: immich)
        #expect(Self.writes(library.type("1")).map(\.rating) == [1])
        var app = AppFixtures.session(photos: Self.files(3))
        app.keys(.enter)
        app.type("i")
        #expect(Self.writes(app.type("3")).isEmpty && app.state.photos[0].rating == nil)
        app.type("i?")
        #expect(Self.writes(app.type("3x")).isEmpty)
        app.keys(.escape)
        app.type("3")
        app.type("i")
        let panel = Self.frame(app.state)
        #expect((0 ..< panel.rows).contains { panel.text(row: $0).contains("Rating") && panel.text(row: $0).contains("★★★☆☆") })
    }
}

/// `r`/`R` in the app: the photo turned at once (its size stood up anew, its images asked
/// for turned), the turn composed with its own, undone with `u`; not for remote photos.
@Suite struct TurnTests {
    static func turns(_ effects: [Effect]) -> [TurnChange] {
        effects.flatMap { effect -> [TurnChange] in
            if case .turnPhotos(let changes) = effect { return changes }
            return []
        }
    }

    static func own(_ orientation: Int, _ photos: [Photo]) -> [Photo] {
        photos.map { photo in
            var photo = photo
            photo.fileDetails = Photo.FileDetails(files: photo.localFiles)
            photo.fileDetails?.ownOrientation = orientation
            return photo
        }
    }

    @Test func turnsComposeAndUndo() {
        var app = AppFixtures.session(photos: Self.own(6, RatingTests.files(3)))
        app.keys(.enter)
        let first = Self.turns(app.type("r"))
        #expect(first.map(\.orientation) == [3] && first[0].previous == nil)
        #expect(app.state.photos[0].width == 2000 && app.state.photos[0].height == 3000 && app.state.photos[0].orientation == 3)
        let decodes = app.log.compactMap { effect -> ImageContent? in
            if case .decode(let request) = effect { return request.content }
            return nil
        }
        #expect(decodes.contains { $0.photoID == "p1" && $0.orientation == 3 })
        #expect(Self.turns(app.type("R")).map(\.orientation) == [6])
        #expect(app.state.photos[0].width == 3000)
        let undone = Self.turns(app.type("u"))
        #expect(undone.map(\.orientation) == [3] && app.state.photos[0].orientation == 3)
        #expect(Self.turns(app.type("u")).map(\.orientation) == [6] && app.state.photos[0].fileDetails?.orientation == nil)
        app.send(.turnRefused(photoID: "p1", previous: 8, reason: "no"))
        #expect(app.state.photos[0].orientation == 8)
    }

    @Test func remotePhotosAndUnreadHeadersAreNotTurned() {
        var unsplash = AppFixtures.session(photos: AppFixtures.photos(2), feed: AppFixtures.feed(hasMore: false))
        #expect(Self.turns(unsplash.type("r")).isEmpty)
        #expect(unsplash.state.chrome.notice == .message("turning is for your own files: it goes in a sidecar beside the photo"))
        var unread = AppFixtures.session(photos: RatingTests.files(2))
        #expect(Self.turns(unread.type("r")).isEmpty)
        #expect(unread.state.chrome.notice == .message("still reading the photo's header: turn it in a moment"))
    }
}
