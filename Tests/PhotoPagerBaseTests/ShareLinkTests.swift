import Testing
@testable import PhotoPagerBase

@Suite("Share links")
struct ShareLinkTests {
    static func photo(html: String?, urls: Photo.URLs = .init(raw: "https://images.unsplash.com/photo-1")) -> Photo {
        Photo(id: "x", width: 1, height: 1, urls: urls, user: .init(name: "n"),
              links: html.map { .init(html: $0) })
    }

    @Test("unsplash.com pages get the referral parameters", arguments: [
        ("https://unsplash.com/photos/LBI7cgq3pbM",
         "https://unsplash.com/photos/LBI7cgq3pbM?utm_source=photopager&utm_medium=referral"),
        ("http://unsplash.com/photos/eOLpJytrbsQ",
         "http://unsplash.com/photos/eOLpJytrbsQ?utm_source=photopager&utm_medium=referral"),
        ("https://www.unsplash.com/photos/a?lang=en",
         "https://www.unsplash.com/photos/a?lang=en&utm_source=photopager&utm_medium=referral"),
        ("https://unsplash.com/photos/a?",
         "https://unsplash.com/photos/a?utm_source=photopager&utm_medium=referral"),
        ("https://unsplash.com/photos/a?q=b%20c+d&x#info",
         "https://unsplash.com/photos/a?q=b%20c+d&x&utm_source=photopager&utm_medium=referral#info"),
        ("https://UNSPLASH.com/@ugmonk#top",
         "https://UNSPLASH.com/@ugmonk?utm_source=photopager&utm_medium=referral#top"),
    ])
    func addsReferral(html: String, expected: String) {
        #expect(ShareLink.url(for: Self.photo(html: html)) == expected)
    }

    @Test("existing UTM parameters are not duplicated", arguments: [
        ("https://unsplash.com/photos/a?utm_source=photopager&utm_medium=referral",
         "https://unsplash.com/photos/a?utm_source=photopager&utm_medium=referral"),
        ("https://unsplash.com/photos/a?utm_medium=referral&utm_source=photopager",
         "https://unsplash.com/photos/a?utm_medium=referral&utm_source=photopager"),
        ("https://unsplash.com/photos/a?utm_source=photopager",
         "https://unsplash.com/photos/a?utm_source=photopager&utm_medium=referral"),
        ("https://unsplash.com/photos/a?utm_source=other_app&k=v&utm_source=again",
         "https://unsplash.com/photos/a?utm_source=photopager&k=v&utm_medium=referral"),
        ("https://unsplash.com/photos/a?utm%5Fsource=x",
         "https://unsplash.com/photos/a?utm_source=photopager&utm_medium=referral"),
    ])
    func noDuplicates(html: String, expected: String) {
        let shared = ShareLink.url(for: Self.photo(html: html))
        #expect(shared == expected)
        // Applying twice changes nothing more.
        #expect(ShareLink.url(for: Self.photo(html: shared)) == shared)
    }

    @Test("other pages are shared as they are", arguments: [
        "file:///home/me/Pictures/a%20b.jpg",
        "https://example.com/photos/1?x=y",
        "https://evilunsplash.com/photos/1",
        "https://unsplash.com.evil.example/photos/1",
        "HTTPS://example.com/upper-case-scheme",
    ])
    func othersUnchanged(html: String) {
        #expect(ShareLink.url(for: Self.photo(html: html)) == html)
    }

    @Test("without links.html, the largest image URL, without referral parameters")
    func fallsBackToImageURLs() {
        #expect(ShareLink.url(for: Self.photo(html: nil)) == "https://images.unsplash.com/photo-1")
        #expect(ShareLink.url(for: Self.photo(html: "")) == "https://images.unsplash.com/photo-1")
        #expect(ShareLink.url(for: Self.photo(html: nil, urls: .init(raw: "", regular: "https://x/g", thumb: "https://x/t")))
            == "https://x/g")
        #expect(ShareLink.url(for: Self.photo(html: nil, urls: .init(thumb: "file:///t.jpg"))) == "file:///t.jpg")
        #expect(ShareLink.url(for: Self.photo(html: nil, urls: .init())) == nil)
    }

    /// A link is printed, copied and handed on: from strangers' JSON, only http, https and file.
    @Test("other schemes are never shared, and the refusal names the scheme", arguments: [
        ("javascript:alert(1)", "javascript:"),
        ("JavaScript:alert(1)", "javascript:"),
        ("data:text/html,<b>hi</b>", "data:"),
        ("ftp://unsplash.com/photos/1", "ftp:"),
        ("vbscript:msgbox", "vbscript:"),
        ("photos/relative.jpg", "schemeless"),
        ("//host/protocol-relative", "schemeless"),
    ])
    func otherSchemesRefused(link: String, scheme: String) {
        let photo = Self.photo(html: link, urls: .init(raw: link, thumb: link))
        #expect(ShareLink.url(for: photo) == nil)
        #expect(ShareLink.refusedScheme(for: photo) == scheme)
        // A refused page falls back to an image URL that may be shared.
        #expect(ShareLink.url(for: Self.photo(html: link)) == "https://images.unsplash.com/photo-1")
        #expect(ShareLink.refusedScheme(for: Self.photo(html: nil, urls: .init())) == nil)
    }

    @Test("links carrying control or bidi characters are never returned")
    func unsafeLinksSkipped() {
        let evil = "https://unsplash.com/photos/a\u{1b}]52;c;aGk=\u{07}"
        #expect(ShareLink.url(for: Self.photo(html: evil)) == "https://images.unsplash.com/photo-1")
        #expect(ShareLink.url(for: Self.photo(html: "file:///a\u{202E}gpj.exe")) == "https://images.unsplash.com/photo-1")
        #expect(ShareLink.url(for: Self.photo(html: "https://x/a b")) == "https://images.unsplash.com/photo-1")
        #expect(ShareLink.url(for: Self.photo(html: nil, urls: .init(raw: "https://r\u{9b}31m", full: "https://f"))) == "https://f")
        #expect(ShareLink.url(for: Self.photo(html: "  https://example.com/a\n")) == "https://example.com/a")
    }

    @Test("the documented examples")
    func documentedExamples() throws {
        let photos = try ManifestDecoder.photos(from: UnsplashExamples.data(UnsplashExamples.searchPhotos))
        #expect(photos.map(ShareLink.url(for:)) ==
            ["http://unsplash.com/photos/eOLpJytrbsQ?utm_source=photopager&utm_medium=referral"])
    }
}

@Suite struct PhotoCaptionTests {
    @Test func thePhotographerWhenKnownElseTheFileName() {
        let named = Photo(id: "a", width: 1, height: 1, urls: Photo.URLs(raw: "file:///p/a.jpg"), user: Photo.User(name: "Ann"))
        #expect(named.caption == "Ann")
        let local = Photo(id: "b", width: 1, height: 1, urls: Photo.URLs(raw: "file:///pics/my%20trip/IMG%202.jpg"),
                          user: Photo.User())
        #expect(local.caption == "IMG 2.jpg")
        let remote = Photo(id: "c", width: 1, height: 1, urls: Photo.URLs(raw: "https://x/y.jpg"), user: Photo.User())
        #expect(remote.caption == "")
    }
}
