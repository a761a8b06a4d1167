import Foundation
@testable import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport

@Suite struct StandardPathTests {
    @Test(arguments: ["/", "/a", "/a/b.jpg", "/a/.hidden", "/a/..b", "/a/b..", "/x/...", "/é/ü"])
    func standardPathsAreKept(path: String) {
        #expect(FileURI.isStandard(path))
    }

    @Test(arguments: ["a/b", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/a/", "", "//"])
    func othersAreStandardised(path: String) {
        #expect(!FileURI.isStandard(path))
    }

    /// A placeholder has the id, links and caption of the photo `make` will read.
    @Test func placeholdersMatchTheirPhotos() throws {
        let tmp = try TemporaryDirectory()
        let file = try tmp.copy("formats/palette.png", to: "a b/c%d.png")
        let placeholder = LocalPhoto.placeholder(url: file).photo
        let photo = try LocalPhoto.make(url: file).photo
        #expect(placeholder.id == photo.id)
        #expect(placeholder.links == photo.links && placeholder.urls == photo.urls)
        #expect(placeholder.caption == photo.caption)
        #expect(LocalPhoto.placeholder(url: URL(fileURLWithPath: tmp.url.path + "/a b/../a b/c%d.png")).photo.id == photo.id)
    }
}

@Suite struct FileExtensionTests {
    @Test(arguments: [("/a/b.JPG", "jpg"), ("/a/b.tar.gz", "gz"), ("/a/.hidden", ""), ("/a.d/b", ""), ("/a/b.", ""),
                      ("/a/été.Png", "png"), ("b.webp", "webp"), ("/a/b.ÉTÉ", "été"), ("/a/b.Jp2X", "jp2x")])
    func lastComponentsExtension(path: String, expected: String) {
        #expect(LocalPhoto.fileExtension(of: path) == expected)
    }
}
