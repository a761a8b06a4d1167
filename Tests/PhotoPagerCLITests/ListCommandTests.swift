import Foundation
import PhotoPagerBase
import Testing
import TestSupport

@Suite(.ownThreads) struct ListCommandTests {
    @Test func listsTheBundledSetByDefault() throws {
        let result = try CommandRunner.photopager(["list"], currentDirectory: URL(fileURLWithPath: "/"))
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        try #require(lines.count == 6, "\(result.stderr)")
        try #require(lines.allSatisfy { $0.count == 5 })
        #expect(lines.map { String($0[0]) } == ["1", "2", "3", "4", "5", "6"])
        #expect(lines[3].map(String.init) == ["4", "640x427", "SpaceX", "https://www.flickr.com/photos/spacexphotos/16511594820/", "0"])
    }

    @Test func jsonIsTheUnsplashShapeAndReadsBack() throws {
        let result = try CommandRunner.photopager(["list", "--json"])
        #expect(result.status == 0)
        let photos = try ManifestDecoder.photos(from: result.stdout)
        #expect(photos.count == 6)
        #expect(photos[0].user.name == "NASA")
        #expect(result.stdoutText.contains("\"alt_description\""))       // snake_case, as the API
    }

    @Test func localFilesListWithFileURIsAndOneLineForNonPhotos() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/exif-orientation-6.jpg", to: "b 10.jpg")
        try tmp.copy("formats/palette.png", to: "b 9.png")
        try tmp.write("readme.txt", Data("hi".utf8))
        let result = try CommandRunner.photopager(["list", tmp.url.path])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("\tfile://\(tmp.url.path)/b%209.png\t0"))
        #expect(lines[1].hasPrefix("2\t427x640\t\t"))
        // Only photos on stdout; what is not one is left out, said once on stderr.
        #expect(result.stderr.contains("left out 1 file that is not a photo"))
        #expect(!result.stderr.contains("readme.txt"))
    }

    @Test func hostileNamesAreSanitised() throws {
        let tmp = try TemporaryDirectory()
        let manifest = #"[{"id": "x", "width": 1, "height": 1, "urls": {"raw": "a.png"}, "user": {"name": "Eve\u001b]52;c;cm0gLXJm\u0007\tTab"}}]"#
        let file = try tmp.write("m.json", Data(manifest.utf8))
        let result = try CommandRunner.photopager(["list", file.path])
        #expect(!result.stdout.contains(0x1B) && !result.stdout.contains(0x07))
        #expect(result.stdoutText.split(separator: "\t").count == 5)      // the tab did not add a column
    }
}

@Suite(.ownThreads) struct ListRoundTripTests {
    /// `list --json` of local files (no EXIF Artist, so no photographer) reads back as a manifest
    /// that lists the same photos.
    @Test func jsonOfLocalFilesIsAManifest() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/palette.png", to: "a.png")
        try tmp.copy("formats/exif-orientation-6.jpg", to: "b.jpg")
        let json = try CommandRunner.photopager(["list", "--json", tmp.url.path])
        let elsewhere = try TemporaryDirectory()          // not inside the listed folder
        let manifest = try elsewhere.write("m.json", json.stdout)
        let again = try CommandRunner.photopager(["list", manifest.path])
        let direct = try CommandRunner.photopager(["list", tmp.url.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdoutText == direct.stdoutText)
    }
}

@Suite(.ownThreads) struct ListStreamingTests {
    /// Written in pieces (the folder's slices as they are read, each in pieces of a thousand),
    /// the JSON reads exactly as the whole array encoded at once would.
    @Test func piecesMakeTheSameJSON() throws {
        let tmp = try TemporaryDirectory()
        for n in 0 ..< 4_203 { try tmp.symlink(String(format: "p%05d.png", n), to: SharedPhotos.url("formats/palette.png")) }
        let result = try CommandRunner.photopager(["list", tmp.url.path, "--json"])
        #expect(result.status == 0)
        let photos = try ManifestDecoder.photos(from: result.stdout)
        #expect(photos.count == 4_203)
        let whole = try JSONEncoder.listing.encode(photos)
        #expect(result.stdoutText == String(decoding: whole, as: UTF8.self) + "\n")
        let lines = try CommandRunner.photopager(["list", tmp.url.path]).stdoutText.split(separator: "\n")
        #expect(lines.count == 4_203 && lines[4_202].hasPrefix("4203\t") && lines[4_096].hasPrefix("4097\t"))
        let first = try CommandRunner.photopager(["list", tmp.url.path, "--limit", "5", "--json"])
        #expect(try ManifestDecoder.photos(from: first.stdout) == Array(photos.prefix(5)))
    }
}

private extension JSONEncoder {
    static var listing: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
