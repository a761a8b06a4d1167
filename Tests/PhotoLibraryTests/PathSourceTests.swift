import Foundation
import PhotoLibrary
import Testing
import TestSupport

@Suite struct PathSourceTests {
    /// Names relative to the temp root of the photos found, in order.
    func names(_ library: PhotoLibrary, under root: URL) -> [String] {
        library.photos.map { item in
            guard case .file(let url) = item.image else { return "remote" }
            return String(url.path.dropFirst(root.path.count + 1))
        }
    }

    @Test func walksTreesInNaturalOrderSkippingHiddenAndNonImages() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/palette.png", to: "img10.png")
        try tmp.copy("formats/palette.png", to: "img2.png")
        try tmp.copy("formats/palette.png", to: ".hidden.png")
        try tmp.copy("formats/palette.png", to: ".cache/inside.png")
        try tmp.copy("formats/gray.jpg", to: "sub/deeper/IMG1.jpg")
        try tmp.copy("formats/lossy.webp", to: "no-extension")
        try tmp.write("notes.txt", Data("shopping list".utf8))
        try tmp.write("fake.jpg", Data("not a jpeg at all".utf8))
        try tmp.symlink("sub/deeper/loop", to: tmp.url)                   // a loop back to the root
        let library = PhotoLibrary.load([tmp.url.path])
        #expect(names(library, under: tmp.url) == ["img2.png", "img10.png", "no-extension", "sub/deeper/IMG1.jpg"])
        #expect(library.notes.count == 2)
        #expect(library.notes.contains { $0.hasSuffix("fake.jpg: not an image") })
        #expect(library.notes.contains { $0.hasSuffix("notes.txt: not an image") })
        #expect(library.problems.isEmpty)
    }

    @Test func followsSymlinkedDirectoriesOnce() throws {
        let photos = try TemporaryDirectory(), tree = try TemporaryDirectory()
        try photos.copy("formats/palette.png", to: "a.png")
        try tree.symlink("linked", to: photos.url)
        try tree.symlink("again", to: photos.url)
        let library = PhotoLibrary.load([tree.url.path])
        #expect(names(library, under: tree.url) == ["again/a.png"])
    }

    @Test func missingPathsAreProblemsButTheRestStillLoads() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/palette.png", to: "a.png")
        let library = PhotoLibrary.load([tmp.url.path + "/nope", tmp.url.path + "/a.png"])
        #expect(library.photos.count == 1)
        #expect(library.problems == [tmp.url.path + "/nope: no such file or directory"])
    }

    @Test func corruptHeaderIsAProblemNamingTheFile() throws {
        let tmp = try TemporaryDirectory()
        try tmp.write("broken.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))
        let library = PhotoLibrary.load([tmp.url.path])
        #expect(library.photos.isEmpty)
        #expect(library.problems.count == 1)
        #expect(library.problems.first?.contains("broken.png: file is truncated") == true)
    }
}
