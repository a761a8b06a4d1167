import Foundation
import Testing
@testable import PhotoPagerBase

@Suite("Encoding photos back to Unsplash JSON")
struct PhotoEncodingTests {
    static let full = Photo(
        id: "Dwu85P9SOIk", width: 2448, height: 3264,
        urls: .init(raw: "r", full: "f", regular: "g", small: "s", thumb: "t"),
        user: .init(id: "QPxL2MGqfrw", username: "exampleuser", name: "Joe Example",
                    links: .init(html: "https://unsplash.com/exampleuser")),
        createdAt: "2016-05-03T11:00:28-04:00", color: "#6E633A", blurHash: "LFC$yHwc8^$yIAS$%M%00KxukYIp",
        description: "A man drinking a coffee.", altDescription: "man with a cup", likes: 24,
        links: .init(selfLink: "https://api.unsplash.com/photos/Dwu85P9SOIk", html: "https://unsplash.com/photos/Dwu85P9SOIk",
                     download: "https://unsplash.com/photos/Dwu85P9SOIk/download",
                     downloadLocation: "https://api.unsplash.com/photos/Dwu85P9SOIk/download"),
        exif: .init(make: "Canon", model: "Canon EOS 40D", exposureTime: "1/90", aperture: "4.970854",
                    focalLength: "37", iso: 100),
        location: .init(name: "Montreal, Canada", city: "Montreal", country: "Canada"))

    static func jsonObject(_ photo: Photo) throws -> [String: Any] {
        let data = try JSONEncoder().encode(photo)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("round trip through the manifest decoder gives the same photos")
    func roundTrip() throws {
        let photos = [Self.full, Photo(id: "local", width: 0, height: 0,
                                       urls: .init(raw: "file:///tmp/a.jpg"), user: .init(username: "me"))]
        let data = try JSONEncoder().encode(photos)
        #expect(try ManifestDecoder.photos(from: data) == photos)
    }

    @Test("the documented examples survive a round trip")
    func documentedRoundTrip() throws {
        let original = try ManifestDecoder.photos(from: UnsplashExamples.data(UnsplashExamples.listPhotos))
            + ManifestDecoder.photos(from: UnsplashExamples.data("[\(UnsplashExamples.getPhoto)]"))
            + ManifestDecoder.photos(from: UnsplashExamples.data(UnsplashExamples.searchPhotos))
        #expect(original.count == 3)
        #expect(try ManifestDecoder.photos(from: JSONEncoder().encode(original)) == original)
    }

    @Test("keys are the API's snake_case ones, with API types")
    func snakeCaseKeys() throws {
        let object = try Self.jsonObject(Self.full)
        #expect(Set(object.keys) == ["id", "created_at", "width", "height", "color", "blur_hash", "description",
                                     "alt_description", "likes", "urls", "links", "user", "exif", "location"])
        let links = try #require(object["links"] as? [String: String])
        #expect(Set(links.keys) == ["self", "html", "download", "download_location"])
        let exif = try #require(object["exif"] as? [String: Any])
        #expect(Set(exif.keys) == ["make", "model", "exposure_time", "aperture", "focal_length", "iso"])
        #expect(exif["aperture"] as? String == "4.970854")
        #expect(exif["iso"] as? Int == 100)
        let user = try #require(object["user"] as? [String: Any])
        #expect((user["links"] as? [String: String]) == ["html": "https://unsplash.com/exampleuser"])
        #expect(object["width"] as? Int == 2448)
    }

    @Test("nil fields are omitted, not written as null")
    func omitsNils() throws {
        let photo = Photo(id: "a", width: 1, height: 2, urls: .init(small: "s"), user: .init(name: "n"))
        let data = try JSONEncoder().encode(photo)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("null"))
        let object = try Self.jsonObject(photo)
        #expect(Set(object.keys) == ["id", "width", "height", "urls", "user"])
        #expect((object["urls"] as? [String: String]) == ["small": "s"])
        #expect((object["user"] as? [String: String]) == ["name": "n"])
    }
}
