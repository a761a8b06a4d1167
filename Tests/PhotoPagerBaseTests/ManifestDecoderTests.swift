import Foundation
import Testing
@testable import PhotoPagerBase

@Suite("Decoding Unsplash photo objects")
struct ManifestDecoderTests {
    @Test("the documented GET /photos example decodes field by field")
    func listPhotosExample() throws {
        let photos = try ManifestDecoder.photos(from: UnsplashExamples.data(UnsplashExamples.listPhotos))
        #expect(photos.count == 1)
        let photo = try #require(photos.first)
        #expect(photo.id == "LBI7cgq3pbM")
        #expect(photo.createdAt == "2016-05-03T11:00:28-04:00")
        #expect(photo.width == 5245)
        #expect(photo.height == 3497)
        #expect(photo.color == "#60544D")
        #expect(photo.blurHash == "LoC%a7IoIVxZ_NM|M{s:%hRjWAo0")
        #expect(photo.description == "A man drinking a coffee.")
        #expect(photo.altDescription == nil)
        #expect(photo.likes == 12)
        #expect(photo.urls.raw == "https://images.unsplash.com/face-springmorning.jpg")
        #expect(photo.urls.thumb == "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=200&fit=max")
        #expect(photo.links?.selfLink == "https://api.unsplash.com/photos/LBI7cgq3pbM")
        #expect(photo.links?.html == "https://unsplash.com/photos/LBI7cgq3pbM")
        #expect(photo.links?.downloadLocation == "https://api.unsplash.com/photos/LBI7cgq3pbM/download")
        #expect(photo.user == Photo.User(
            id: "pXhwzz1JtQU", username: "poorkane", name: "Gilbert Kane",
            links: .init(html: "https://unsplash.com/poorkane")))
        #expect(photo.exif == nil)
        #expect(photo.location == nil)
        #expect(abs(photo.aspectRatio - 5245.0 / 3497.0) < 1e-12)
    }

    @Test("the documented GET /photos/:id example brings exif and location")
    func getPhotoExample() throws {
        let data = UnsplashExamples.data("[\(UnsplashExamples.getPhoto)]")
        let photo = try #require(try ManifestDecoder.photos(from: data).first)
        #expect(photo.id == "Dwu85P9SOIk")
        #expect(photo.exif == Photo.Exif(
            make: "Canon", model: "Canon EOS 40D", exposureTime: "0.011111111111111112",
            aperture: "4.970854", focalLength: "37", iso: 100))
        #expect(photo.location == Photo.Location(name: nil, city: "Montreal", country: "Canada"))
        #expect(photo.user.displayName == "Joe Example")
    }

    @Test("the documented GET /search/photos reply yields its results")
    func searchReplyExample() throws {
        let photos = try ManifestDecoder.photos(from: UnsplashExamples.data(UnsplashExamples.searchPhotos))
        #expect(photos.map(\.id) == ["eOLpJytrbsQ"])
        #expect(photos.first?.user.username == "ugmonk")
        #expect(photos.first?.links?.downloadLocation == nil)
        #expect(photos.first?.urls.full == "https://hd.unsplash.com/photo-1416339306562-f3d12fefd36f")
    }

    @Test("an array of several photos keeps their order")
    func severalPhotos() throws {
        let listBody = UnsplashExamples.listPhotos.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        let json = "[\(UnsplashExamples.getPhoto), \(listBody)]"
        let photos = try ManifestDecoder.photos(from: UnsplashExamples.data(json))
        #expect(photos.map(\.id) == ["Dwu85P9SOIk", "LBI7cgq3pbM"])
    }

    @Test("an empty array and an empty search reply give no photos")
    func emptyManifests() throws {
        #expect(try ManifestDecoder.photos(from: Data("[]".utf8)).isEmpty)
        #expect(try ManifestDecoder.photos(from: Data(#"{"total":0,"total_pages":0,"results":[]}"#.utf8)).isEmpty)
    }

    @Test("missing optional fields decode as nil")
    func missingOptionals() throws {
        let photo = try #require(try ManifestDecoder.photos(from: PhotoJSON.manifest([PhotoJSON.minimal()])).first)
        #expect(photo == Photo(
            id: "abc", width: 4000, height: 3000,
            urls: .init(raw: "https://images.unsplash.com/photo-1"), user: .init(name: "Ansel Adams")))
    }

    @Test("null optional fields decode as nil, at every level")
    func nullOptionals() throws {
        var object = PhotoJSON.minimal()
        for key in ["created_at", "color", "blur_hash", "description", "alt_description", "likes",
                    "links", "exif", "location"] {
            object[key] = NSNull()
        }
        object["urls"] = ["raw": NSNull(), "full": NSNull(), "regular": NSNull(), "small": NSNull(),
                          "thumb": "https://t"]
        object["user"] = ["id": NSNull(), "username": "ansel", "name": NSNull(), "links": NSNull()]
        let photo = try #require(try ManifestDecoder.photos(from: PhotoJSON.manifest([object])).first)
        #expect(photo == Photo(id: "abc", width: 4000, height: 3000,
                               urls: .init(thumb: "https://t"), user: .init(username: "ansel")))

        var nested = PhotoJSON.minimal()
        nested["exif"] = ["make": NSNull(), "model": NSNull(), "exposure_time": NSNull(),
                          "aperture": NSNull(), "focal_length": NSNull(), "iso": NSNull()]
        nested["links"] = ["self": NSNull(), "html": NSNull(), "download": NSNull(), "download_location": NSNull()]
        nested["location"] = ["name": NSNull(), "city": NSNull(), "country": NSNull()]
        let decoded = try #require(try ManifestDecoder.photos(from: PhotoJSON.manifest([nested])).first)
        #expect(decoded.exif == Photo.Exif())
        #expect(decoded.links == Photo.Links())
        #expect(decoded.location == Photo.Location())
    }

    @Test("unknown fields are ignored at every level")
    func unknownFields() throws {
        var object = PhotoJSON.minimal()
        object["sponsorship"] = ["impression_urls": [1, 2]]
        object["topic_submissions"] = [:] as [String: Any]
        object["urls"] = ["raw": "https://r", "small_s3": "https://s3"]
        object["user"] = ["name": "A", "total_photos": 3, "accepted_tos": true]
        object["exif"] = ["name": "Canon, EOS 40D", "iso": 200]
        let photo = try #require(try ManifestDecoder.photos(from: PhotoJSON.manifest([object])).first)
        #expect(photo.urls == .init(raw: "https://r"))
        #expect(photo.user == .init(name: "A"))
        #expect(photo.exif == .init(iso: 200))
    }

    @Test("exif numbers are accepted where the API sends strings, and vice versa for iso")
    func lenientExif() throws {
        var object = PhotoJSON.minimal()
        object["exif"] = ["exposure_time": 0.004, "aperture": 2.8, "focal_length": 35, "iso": "400"]
        let photo = try #require(try ManifestDecoder.photos(from: PhotoJSON.manifest([object])).first)
        #expect(photo.exif == .init(exposureTime: "0.004", aperture: "2.8", focalLength: "35", iso: 400))
    }

    @Test("aspect ratio guards unknown sides", arguments: [
        (3000, 2000, 1.5), (2000, 4000, 0.5), (100, 0, 1.0), (0, 100, 1.0), (0, 0, 1.0),
    ])
    func aspectRatio(width: Int, height: Int, expected: Double) {
        let photo = Photo(id: "x", width: width, height: height, urls: .init(raw: "r"), user: .init(name: "n"))
        #expect(photo.aspectRatio == expected)
    }
}
