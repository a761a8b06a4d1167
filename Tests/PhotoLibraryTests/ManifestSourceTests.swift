import Foundation
import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport

@Suite struct ManifestSourceTests {
    func manifest(_ photos: [String]) -> Data {
        Data(("[" + photos.joined(separator: ",") + "]").utf8)
    }

    func photo(_ id: String, url: String) -> String {
        #"{"id": "\#(id)", "width": 10, "height": 5, "urls": {"regular": "\#(url)"}, "user": {"name": "N"}}"#
    }

    @Test func imageURLsResolveRelativeFileAndRemote() throws {
        let tmp = try TemporaryDirectory()
        let data = manifest([
            photo("a", url: "pics/a.png"),
            photo("b", url: "file:///srv/b.png"),
            photo("c", url: "https://images.unsplash.com/photo-1?w=1080"),
            photo("d", url: "/abs/d.jpg"),
            #"{"id": "e", "width": 1, "height": 1, "urls": {"raw": "https://images.unsplash.com/photo-2?ixid=Q", "regular": "r.jpg"}, "user": {}}"#,
            #"{"id": "f", "width": 1, "height": 1, "urls": {"raw": "https://example.com/photo.jpg"}, "user": {}}"#,
        ])
        let file = try tmp.write("set/manifest.json", data)
        let library = PhotoLibrary.load([file.path])
        #expect(library.photos.map(\.image) == [
            .file(tmp.url.appendingPathComponent("set/pics/a.png")),
            .file(URL(fileURLWithPath: "/srv/b.png")),
            .remote(URL(string: "https://images.unsplash.com/photo-1?w=1080")!),
            .file(URL(fileURLWithPath: "/abs/d.jpg")),
            .resizable(URL(string: "https://images.unsplash.com/photo-2?ixid=Q")!),   // Unsplash's raw: resized by its host
            .remote(URL(string: "https://example.com/photo.jpg")!),                   // other hosts: as they are
        ])
        #expect(library.photos.map(\.image.isRemote) == [false, false, true, false, true, true])
    }

    @Test func searchRepliesWork() throws {
        let tmp = try TemporaryDirectory()
        let reply = #"{"total": 1, "total_pages": 1, "results": [\#(photo("x", url: "x.png"))]}"#
        let library = PhotoLibrary.load([try tmp.write("search.json", Data(reply.utf8)).path])
        #expect(library.photos.map(\.photo.id) == ["x"])
    }

    @Test func aBrokenManifestIsAProblemNamingPhotoAndField() throws {
        let tmp = try TemporaryDirectory()
        let broken = manifest([photo("ok", url: "a.png"), #"{"id": "bad", "height": 5, "urls": {"raw": "b"}, "user": {"name": "N"}}"#])
        let file = try tmp.write("m.json", broken)
        let library = PhotoLibrary.load([file.path])
        #expect(library.photos.isEmpty)
        let problem = try #require(library.problems.first)
        #expect(problem.hasPrefix(file.path + ": "))
        #expect(problem.contains("photo 2"))
        #expect(problem.contains("width"))
    }
}

@Suite struct BundledSampleTests {
    @Test func foundFromACheckoutBuild() throws {
        let binary = SharedPhotos.repositoryRoot.appendingPathComponent(".build/release/photopager")
        let manifest = try #require(BundledSamples.manifestURL(environment: [:], executable: binary))
        #expect(manifest.path == SharedPhotos.repositoryRoot.appendingPathComponent("Resources/sample/manifest.json").path)
    }

    @Test func foundFromAnInstalledPrefix() throws {
        let prefix = try TemporaryDirectory()
        try prefix.write("share/photopager/sample/manifest.json", Data("[]".utf8))
        let manifest = BundledSamples.manifestURL(environment: [:], executable: prefix.url.appendingPathComponent("bin/photopager"))
        #expect(manifest?.path == prefix.url.appendingPathComponent("share/photopager/sample/manifest.json").path)
    }

    @Test func theBundledSetHasTheSixCreditedSamples() throws {
        let dataDirectory = SharedPhotos.repositoryRoot.appendingPathComponent("Resources").path
        let manifest = try #require(BundledSamples.manifestURL(environment: ["PHOTOPAGER_DATA": dataDirectory], executable: nil))
        let library = PhotoLibrary.load([manifest.path])
        #expect(library.problems.isEmpty)
        #expect(library.photos.map(\.photo.user.name) == ["NASA", "Rachel Michetti", "Stefan van der Walt", "SpaceX",
                                                         "NASA / HubbleSite", "Mikael Häggström"])
        for item in library.photos {
            guard case .file(let url) = item.image else { Issue.record("\(item.photo.id) is not local"); continue }
            // The manifest's sizes match the files, and the files are the shared sample set's.
            let header = try PhotoDecoderHeader.read(url)
            #expect(header == [item.photo.width, item.photo.height])
            let shared = try Data(contentsOf: SharedPhotos.url("sample/" + url.lastPathComponent))
            #expect(try Data(contentsOf: url) == shared)
        }
    }
}

import PhotoDecoding

enum PhotoDecoderHeader {
    static func read(_ url: URL) throws -> [Int] {
        let header = try PhotoDecoder.header(contentsOf: url)
        return [header.width, header.height]
    }
}

@Suite struct SidecarJSONTests {
    /// A JSON sidecar met while walking a folder (Google Takeout's, beside its photo) is left
    /// out without a word; the same file named on the command line is a problem.
    @Test func sidecarsInFoldersAreLeftOutQuietly() throws {
        let tmp = try TemporaryDirectory()
        try tmp.copy("formats/palette.png", to: "a.png")
        let sidecar = try tmp.write("a.png.json", Data(#"{"title": "holiday"}"#.utf8))
        let walked = PhotoLibrary.load([tmp.url.path])
        #expect(walked.photos.count == 1)
        #expect(walked.problems.isEmpty)
        #expect(walked.notes.isEmpty)
        #expect(walked.leftOut == 1)
        let named = PhotoLibrary.load([sidecar.path])
        #expect(named.problems.count == 1)
    }
}

@Suite struct ManifestShareLinkTests {
    /// A manifest photo with no page shares the absolute file:// URI of its resolved image.
    @Test func localImagesShareTheirResolvedFile() throws {
        let tmp = try TemporaryDirectory()
        let manifest = #"[{"id": "a", "width": 2, "height": 1, "urls": {"regular": "../pics/cat 1.png"}, "user": {"name": "A"}}]"#
        let file = try tmp.write("set/m.json", Data(manifest.utf8))
        let photo = try #require(PhotoLibrary.load([file.path]).photos.first?.photo)
        #expect(photo.links?.html == "file://" + tmp.url.path + "/pics/cat%201.png")
        #expect(ShareLink.url(for: photo) == photo.links?.html)
    }
}
