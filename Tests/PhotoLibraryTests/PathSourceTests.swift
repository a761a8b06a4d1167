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
        // Named like a photo and not one: worth a word. A text file is simply not a photo.
        #expect(library.notes.count == 1)
        #expect(library.notes.contains { $0.hasSuffix("fake.jpg: not an image") })
        #expect(library.leftOut == 1)
        #expect(library.problems.isEmpty)
    }

    /// A phone's or a camera's folder: sidecars, edits, a Live Photo's movie, Takeout's JSON,
    /// Thumbs.db are left out without a word (counted); each photo is listed once.
    @Test func companionsOfPhotosAreLeftOutQuietly() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/gray.jpg", to: "IMG_0001.JPG")
        try tmp.write("IMG_0001.xmp", Data("<x:xmpmeta/>".utf8))
        try tmp.write("IMG_0001.AAE", Data("<?xml?>".utf8))
        try tmp.copy("formats/palette.png", to: "IMG_0002.png")
        try tmp.write("IMG_0002.MOV", Data([0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [UInt8](repeating: 0, count: 8)))
        try tmp.write("IMG_0002.png.json", Data(#"{"title": "IMG_0002.png"}"#.utf8))
        try tmp.write("Thumbs.db", Data([0xD0, 0xCF, 0x11, 0xE0]))
        try tmp.write("clip.mp4", Data([0, 0, 0, 0x14] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 8)))
        let library = PhotoLibrary.load([tmp.url.path])
        #expect(names(library, under: tmp.url) == ["IMG_0001.JPG", "IMG_0002.png"])
        #expect(library.notes.isEmpty && library.problems.isEmpty)
        #expect(library.leftOut == 6)
    }

    /// A RAW and the JPEG of its name are one photo: the JPEG is shown, naming both files;
    /// with --raw the RAW is (listed lazily here: its header is read when shown).
    @Test func aRawAndItsJPEGAreOnePhoto() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/gray.jpg", to: "IMG_0007.JPG")
        try tmp.write("IMG_0007.CR2", Data(Array("II*\0".utf8) + [0x10, 0, 0, 0, 0x43, 0x52] + [UInt8](repeating: 0, count: 20)))
        try tmp.copy("formats/palette.png", to: "IMG_0008.png")
        let library = PhotoLibrary.load([tmp.url.path])
        #expect(names(library, under: tmp.url) == ["IMG_0007.JPG", "IMG_0008.png"])
        let files = library.photos[0].photo.fileDetails?.files.map { String($0.dropFirst(tmp.url.path.count + 1)) }
        #expect(files == ["IMG_0007.JPG", "IMG_0007.CR2"])
        #expect(library.photos[1].photo.fileDetails?.files.count == 1)
        let raw = PhotoLibrary.load([tmp.url.path], lazily: true, preferRaw: true)
        #expect(names(raw, under: tmp.url) == ["IMG_0007.CR2", "IMG_0008.png"])
        #expect(raw.photos[0].photo.fileDetails?.files.map { String($0.dropFirst(tmp.url.path.count + 1)) } == ["IMG_0007.CR2", "IMG_0007.JPG"])
    }

    /// Named on the command line, a video is an error that says what it is.
    @Test func aNamedVideoSaysWhatItIs() throws {
        let tmp = try TemporaryDirectory()
        let movie = try tmp.write("IMG_0002.MOV", Data([0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [UInt8](repeating: 0, count: 8)))
        let psd = try tmp.write("cover.psd", Data(Array("8BPS".utf8) + [UInt8](repeating: 0, count: 30)))
        let library = PhotoLibrary.load([movie.path, psd.path])
        #expect(library.photos.isEmpty)
        #expect(library.problems == [movie.path + ": a QuickTime movie: videos are not shown", psd.path + ": a Photoshop file: not supported"])
    }

    @Test func followsSymlinkedDirectoriesOnce() throws {
        let photos = try TemporaryDirectory(), tree = try TemporaryDirectory()
        try photos.copy("formats/palette.png", to: "a.png")
        try tree.symlink("linked", to: photos.url)
        try tree.symlink("again", to: photos.url)
        let library = PhotoLibrary.load([tree.url.path])
        #expect(names(library, under: tree.url) == ["again/a.png"])
    }

    /// A link named like a photo is taken for one without a stat. Listed lazily (the pager),
    /// one that leads nowhere is a placeholder whose header read fails later (an error tile);
    /// listed eagerly (`list`), its read fails at once, a problem. Other links are still
    /// followed, into directories too.
    @Test func lazilyLinksNamedLikePhotosAreNotFollowed() throws {
        let photos = try TemporaryDirectory(), tree = try TemporaryDirectory()
        try photos.copy("formats/palette.png", to: "a.png")
        try tree.symlink("linked", to: photos.url)
        try tree.symlink("gone.jpg", to: photos.url.appendingPathComponent("missing.jpg"))
        try tree.symlink("b.png", to: photos.url.appendingPathComponent("a.png"))
        let lazy = PhotoLibrary.load([tree.url.path], lazily: true)
        #expect(names(lazy, under: tree.url) == ["b.png", "gone.jpg", "linked/a.png"])
        #expect(lazy.unreadHeaders.count == 3)
        #expect(lazy.problems.isEmpty)
        let eager = PhotoLibrary.load([tree.url.path])
        #expect(names(eager, under: tree.url) == ["b.png", "linked/a.png"])
        #expect(eager.problems == [tree.url.path + "/gone.jpg: no such file"])
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

@Suite struct LazyListingTests {
    /// A folder listed lazily, once every header is read, is exactly the eager listing: same
    /// photos, same order, same sizes and fields.
    @Test func lazyEndsAsTheEagerListing() throws {
        let tmp = try TemporaryDirectory()
        let sources = ["sample/rocket.jpg", "sample/coffee.png", "formats/exif-orientation-6.jpg", "formats/lossy.webp",
                       "formats/animated.gif", "sample/retina.jpg"]
        for (n, source) in sources.enumerated() {
            for copy in [1, 10, 2] {
                try tmp.symlink("img \(copy)-\(n).\(source.split(separator: ".").last!)", to: SharedPhotos.url(source))
            }
        }
        try tmp.write("notes.txt", Data("not a photo".utf8))
        let eager = PhotoLibrary.load([tmp.url.path])
        let lazy = PhotoLibrary.load([tmp.url.path], lazily: true)
        #expect(lazy.photos.map(\.photo.id) == eager.photos.map(\.photo.id))
        #expect(lazy.unreadHeaders == Set(eager.photos.map(\.photo.id)))
        #expect(lazy.photos.allSatisfy { $0.photo.width == 0 && $0.photo.height == 0 })
        let read = try lazy.photos.map { item -> LibraryPhoto in
            guard case .file(let url) = item.image else { throw CocoaError(.fileReadUnknown) }
            return try LocalPhoto.make(url: url)
        }
        #expect(read == eager.photos)
        #expect(lazy.notes == eager.notes)                    // the text file is still skipped with a note
    }
}
