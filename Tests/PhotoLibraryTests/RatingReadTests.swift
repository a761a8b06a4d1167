import Culling
import Foundation
import Glibc
import PhotoDecoding
import PhotoLibrary
import PhotoPagerBase
import Testing
import TestSupport

/// Ratings as a folder has them: in sidecars found by the walk (read eagerly and lazily), in
/// the photo itself (embedded XMP, EXIF's Rating tag, as cameras write them), in the store of
/// read-only folders; a sidecar outranks what is inside the photo.
@Suite struct RatingReadTests {
    static func exiftool(_ arguments: String) throws {
        _ = try CommandRunner.shell("exiftool -q -overwrite_original \(arguments)")
    }

    @Test func sidecarsEmbeddedAndExifRatings() throws {
        let dir = try TemporaryDirectory()
        let sidecar = try dir.copy("sample/rocket.jpg", to: "a_sidecar.jpg").path
        try dir.write("a_sidecar.jpg.xmp", Data(XMPPacket.empty.setting(.rating, to: "4")!.bytes))
        let embedded = try dir.copy("sample/rocket.jpg", to: "b_embedded.jpg").path
        try Self.exiftool("-XMP-xmp:Rating=3 '\(embedded)'")
        let exif = try dir.copy("sample/rocket.jpg", to: "c_exif.jpg").path
        try Self.exiftool("-EXIF:Rating=2 '\(exif)'")
        let both = try dir.copy("sample/rocket.jpg", to: "d_both.jpg").path
        try Self.exiftool("-XMP-xmp:Rating=1 '\(both)'")
        try dir.write("d_both.jpg.XMP", Data(XMPPacket.empty.setting(.rating, to: "-1")!.bytes))
        // Lightroom's NAME.xmp belongs to a RAW: never read for a JPEG of that name.
        try dir.copy("sample/rocket.jpg", to: "e_lightroom.jpg")
        try dir.write("e_lightroom.xmp", Data(XMPPacket.empty.setting(.rating, to: "5")!.bytes))
        _ = sidecar

        for lazily in [false, true] {
            let library = PhotoLibrary.load([dir.url.path], lazily: lazily)
            let ratings = library.photos.map { (PhotoSort.fileName($0.photo), $0.photo.rating) }
            let expected: [(String, Int?)] = lazily
                ? [("a_sidecar.jpg", 4), ("b_embedded.jpg", nil), ("c_exif.jpg", nil), ("d_both.jpg", -1), ("e_lightroom.jpg", nil)]
                : [("a_sidecar.jpg", 4), ("b_embedded.jpg", 3), ("c_exif.jpg", 2), ("d_both.jpg", -1), ("e_lightroom.jpg", nil)]
            #expect(ratings.map(\.0) == expected.map(\.0), "lazily \(lazily)")
            #expect(ratings.map(\.1) == expected.map(\.1), "lazily \(lazily)")
            #expect(library.photos[3].photo.fileDetails?.sidecars == [both + ".XMP"])
        }
        // The header read later (a lazy listing) finds what is inside the photo; the listing's
        // sidecar rating outranks it.
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: embedded)).photo.rating == 3)
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: exif)).photo.rating == 2)
        let listed = PhotoLibrary.load([dir.url.path], lazily: true).photos[3].photo
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: both)).photo.keepingFiles(of: listed).rating == -1)
        // A file named on its own has its sidecar looked for on the disk.
        #expect(PhotoLibrary.load([both]).photos.first?.photo.rating == -1)
    }

    /// XMP inside a PNG (`iTXt`) and a WebP (the `XMP ` chunk at its end, past the first
    /// bytes read) as exiftool writes it.
    @Test func pngAndWebPCarryXMPToo() throws {
        let dir = try TemporaryDirectory()
        let png = try dir.copy("formats/rgba.png", to: "a.png").path
        let webp = try dir.copy("formats/lossy.webp", to: "b.webp").path
        try Self.exiftool("-XMP-xmp:Rating=5 '\(png)'")
        try Self.exiftool("-XMP-xmp:Rating=1 '\(webp)'")
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: png)).photo.rating == 5)
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: webp)).photo.rating == 1)
        #expect(PhotoLibrary.load([dir.url.path]).photos.map(\.photo.rating) == [5, 1])
    }

    /// A camera's stars in a TIFF-based RAW (exiftool writes EXIF's Rating into IFD0, as
    /// cameras do), and in a DNG's XMP.
    @Test func rawsCarryTheCamerasStars() throws {
        let dir = try TemporaryDirectory()
        let nef = dir.url.appendingPathComponent("a.nef").path, dng = dir.url.appendingPathComponent("b.dng").path
        try FileManager.default.copyItem(atPath: SharedPhotos.conformance.appendingPathComponent("raw/exiftool_Nikon.nef").path, toPath: nef)
        try FileManager.default.copyItem(atPath: SharedPhotos.conformance.appendingPathComponent("raw/skia_sample_1mp.dng").path, toPath: dng)
        chmod(nef, 0o644)
        chmod(dng, 0o644)
        try Self.exiftool("-m -EXIF:Rating=4 '\(nef)'")        // -m: the sample is a cut-down NEF
        try Self.exiftool("-XMP-xmp:Rating=2 '\(dng)'")
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: nef)).photo.rating == 4)
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: dng)).photo.rating == 2)
    }

    /// A HEIC's XMP item (a `mime` item, application/rdf+xml), wherever its mdat puts it.
    @Test func heicCarriesXMPToo() throws {
        let dir = try TemporaryDirectory()
        let heic = dir.url.appendingPathComponent("a.heic").path
        try FileManager.default.copyItem(atPath: SharedPhotos.conformance.appendingPathComponent("heif/libheif_example.heic").path, toPath: heic)
        chmod(heic, 0o644)
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: heic)).photo.rating == nil)
        try Self.exiftool("-XMP-xmp:Rating=4 '\(heic)'")
        #expect(try LocalPhoto.make(url: URL(fileURLWithPath: heic)).photo.rating == 4)
        #expect(PhotoLibrary.load([dir.url.path]).photos.first?.photo.rating == 4)
    }

    @Test func theStoreOfReadOnlyFolders() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("sample/rocket.jpg", to: "card/IMG_1.jpg").path
        let store = RatingStore(environment: ["XDG_DATA_HOME": dir.url.appendingPathComponent("data").path])
        try store.update([photo]) { $0.rating = 5 }
        let again = RatingStore(environment: ["XDG_DATA_HOME": dir.url.appendingPathComponent("data").path])
        for lazily in [false, true] {
            #expect(PhotoLibrary.load([dir.url.appendingPathComponent("card").path], lazily: lazily, ratings: again).photos.first?.photo.rating == 5)
        }
        #expect(PhotoLibrary.load([dir.url.appendingPathComponent("card").path]).photos.first?.photo.rating == nil)
    }
}

/// A turn kept in a sidecar (`tiff:Orientation`) replaces the photo's own: the size listed is
/// stood up by it, eagerly and lazily, and a header read later keeps it.
@Suite struct TurnReadTests {
    @Test func aSidecarTurnStandsTheSizeUp() throws {
        let dir = try TemporaryDirectory()
        let photo = try dir.copy("formats/exif-orientation-6.jpg", to: "a.jpg").path
        try dir.write("a.jpg.xmp", Data(XMPPacket.empty.setting(.orientation, to: "1")!.bytes))
        let plain = try dir.copy("sample/rocket.jpg", to: "b.jpg").path
        try dir.write("b.jpg.xmp", Data(XMPPacket.empty.setting(.orientation, to: "6")!.bytes))
        let eager = PhotoLibrary.load([dir.url.path]).photos.map(\.photo)
        #expect(eager.map { "\($0.width)x\($0.height)" } == ["640x427", "\(427)x640"])
        #expect(eager.map(\.fileDetails?.orientation) == [1, 6] && eager.map(\.fileDetails?.ownOrientation) == [6, 1])
        let lazy = PhotoLibrary.load([dir.url.path], lazily: true).photos.map(\.photo)
        #expect(lazy.map(\.fileDetails?.orientation) == [1, 6])
        let read = try LocalPhoto.make(url: URL(fileURLWithPath: photo)).photo.keepingFiles(of: lazy[0])
        #expect(read.width == 640 && read.height == 427 && read.orientation == 1)
        let other = try LocalPhoto.make(url: URL(fileURLWithPath: plain)).photo.keepingFiles(of: lazy[1])
        #expect(other.width == 427 && other.height == 640 && other.orientation == 6)
        #expect(Photo.turned(6, clockwise: true) == 3 && Photo.turned(1, clockwise: false) == 8 && Photo.turned(2, clockwise: true) == 7)
        #expect((1 ... 8).allSatisfy { Photo.turned(Photo.turned($0, clockwise: true), clockwise: false) == $0 })
    }
}
