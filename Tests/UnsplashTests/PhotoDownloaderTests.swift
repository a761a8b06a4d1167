import Foundation
import HTTPClient
import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport
@testable import Unsplash

/// `d`: the original comes from the download ping's answer, lands under a name of safe
/// characters, never replaces a file, and what is not an image is never saved.
@Suite(.ownThreads) struct PhotoDownloaderTests {
    static let hostile = "../../etc/x;rm -rf ~\u{1B}[31m"

    static func photo(_ server: FixtureServer, username: String = hostile) throws -> Photo {
        let json = UnsplashFixture.photoJSON(id: "p1", base: server.baseURL, username: username)
        return try JSONDecoder().decode(Photo.self, from: Data(json.utf8))
    }

    static func downloader(_ server: FixtureServer, into folder: URL) -> PhotoDownloader {
        let api = UnsplashAPI(base: URL(string: server.baseURL + "/")!, accessKey: "KEY")
        let client = UnsplashClient(api: api, transport: CurlTransport(), cache: nil)
        return PhotoDownloader(directory: folder, transport: CurlTransport(), client: client)
    }

    @Test func theOriginalIsWhatThePingAnswersUnderASafeName() throws {
        let server = try FixtureServer(handler: UnsplashFixture.feed(total: 1))
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("new/Downloads")
        let downloader = Self.downloader(server, into: target)
        let photo = try Self.photo(server)
        let location = ImageLocation.resizable(URL(string: photo.urls.raw!)!)
        let first = try downloader.save(photo, location: location)
        #expect(first.lastPathComponent == "p1-etcxrm-rf31m.jpg", "\(first.lastPathComponent)")
        #expect(first.deletingLastPathComponent().path == target.path, "the folder is made when missing")
        #expect(try Data(contentsOf: first) == UnsplashFixture.jpeg)
        let second = try downloader.save(photo, location: location)
        #expect(second.lastPathComponent == "p1-etcxrm-rf31m-2.jpg", "a taken name is never replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
            == ["p1-etcxrm-rf31m-2.jpg", "p1-etcxrm-rf31m.jpg"], "no .part left behind")
        // One ping for the photo however often it is saved; the image host never gets the key.
        #expect(server.requests(path: "/photos/p1/download").count == 1)
        let originals = server.requests(path: "/img/original")
        #expect(originals.count == 2 && originals.allSatisfy { $0.header("Authorization") == nil })
    }

    @Test func somethingThatIsNotAnImageIsNotSaved() throws {
        let server = try FixtureServer { request in
            if request.path.hasSuffix("/download") { return .json(#"{"url":"\#(request.base)/page.html"}"#) }
            return FixtureServer.Reply(headers: [("Content-Type", "image/jpeg")], body: Data("<html>sorry</html>".utf8))
        }
        let folder = try TemporaryDirectory()
        let photo = try Self.photo(server)
        #expect(throws: PhotoDownloader.Failure.self) {
            try Self.downloader(server, into: folder.url).save(photo, location: .remote(URL(string: photo.urls.raw!)!))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func namesKeepOnlySafeCharacters() throws {
        let empty = Photo(id: "../", width: 1, height: 1, urls: .init(), user: .init(username: "\u{202E}"))
        #expect(PhotoDownloader.fileName(empty) == "photo")
        #expect(PhotoDownloader.reduced("a_b-C9 é/\\.") == "a_b-C9")
    }

    /// A library's own file name (Immich's originalFileName) is kept, made safe: no folders, no
    /// control or bidi characters, no leading dot, no image extension (the bytes choose it).
    @Test(arguments: [
        ("IMG_1234.HEIC", "IMG_1234"), ("Été à Paris.jpg", "Été à Paris"), ("IMG-20240226-WA0000", "IMG-20240226-WA0000"),
        ("../../etc/passwd", "passwd"), ("a\\b\\c.png", "c"), ("..hidden.jpg", "hidden"), ("evil\u{202E}gpj.exe", "evilgpj.exe"),
        ("bell\u{07}\u{1B}[31m.jpg", "bell[31m"), ("my.trip.2024.webp", "my.trip.2024"), ("...", nil), (" \u{200F} ", nil),
    ] as [(String, String?)])
    func libraryNamesAreMadeSafe(original: String, saved: String?) {
        #expect(PhotoDownloader.safeName(original) == saved)
        var photo = Photo(id: "abc", width: 1, height: 1, urls: .init(raw: "https://x/y"), user: .init())
        photo.fileDetails = Photo.FileDetails(files: [original])
        #expect(PhotoDownloader.fileName(photo) == saved ?? "abc")
    }
}
