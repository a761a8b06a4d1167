import Foundation
@testable import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport

@Suite struct LocalPhotoTests {
    @Test func aFileBecomesAnUnsplashShapedPhoto() throws {
        let tmp = try TemporaryDirectory()
        let file = try tmp.copy("formats/exif-orientation-6.jpg", to: "my trip #1/été 50%.jpg")
        let item = try LocalPhoto.make(url: file)
        let photo = item.photo
        #expect(photo.width == 427 && photo.height == 640)           // upright, from the header
        #expect(photo.exif == Photo.Exif(make: "Canon", model: "Canon EOS 5D Mark IV", exposureTime: "1/250",
                                         aperture: "5.6", focalLength: "35.0", iso: 200))
        #expect(photo.createdAt == "2015-02-11T23:03:42")
        let uri = "file://" + tmp.url.path + "/my%20trip%20%231/%C3%A9t%C3%A9%2050%25.jpg"
        #expect(photo.links?.html == uri)
        #expect(photo.urls.raw == uri)
        #expect(URL(string: uri)?.path == file.path)                    // it round-trips
        #expect(item.image == .file(file))
    }

    /// A photo without EXIF dates from its file's mtime (the target's, through a symlink), UTC.
    @Test func withoutExifTheDateIsTheFilesModificationTime() throws {
        let tmp = try TemporaryDirectory()
        let file = try tmp.copy("formats/palette.png", to: "a.png")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: file.path)
        try tmp.symlink("link.png", to: file)
        #expect(try LocalPhoto.make(url: file).photo.createdAt == "2023-11-14T22:13:20Z")
        #expect(try LocalPhoto.make(url: tmp.url.appendingPathComponent("link.png")).photo.createdAt == "2023-11-14T22:13:20Z")
    }

    @Test func idsAreStablePerPath() throws {
        let tmp = try TemporaryDirectory()
        let a = try tmp.copy("formats/palette.png", to: "a.png")
        let b = try tmp.copy("formats/palette.png", to: "b.png")
        #expect(try LocalPhoto.make(url: a).photo.id == LocalPhoto.make(url: a).photo.id)
        #expect(try LocalPhoto.make(url: a).photo.id != LocalPhoto.make(url: b).photo.id)
    }

    @Test func withoutExifTheDateIsTheModificationTime() throws {
        let tmp = try TemporaryDirectory()
        let file = try tmp.copy("formats/palette.png", to: "a.png")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
                                              ofItemAtPath: file.path)
        let photo = try LocalPhoto.make(url: file).photo
        #expect(photo.createdAt == "2023-11-14T22:13:20Z")
        #expect(photo.exif == nil)
    }
}
