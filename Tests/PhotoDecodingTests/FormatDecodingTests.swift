import PhotoPagerBase
import Foundation
@testable import PhotoDecoding
import Testing
import TestSupport

/// Every file in ../shared/photos/formats against ImageMagick's reading of the same file.
@Suite struct FormatDecodingTests {
    static let formats = [
        "progressive.jpg", "yuv444.jpg", "gray.jpg", "cmyk.jpg", "exif-orientation-6.jpg",
        "gray.png", "palette.png", "rgb16.png", "rgba.png", "interlaced.png",
        "lossy.webp", "lossless.webp", "animated.gif",
    ]

    @Test(arguments: formats)
    func decodesLikeTheReference(name: String) throws {
        let url = SharedPhotos.url("formats/\(name)")
        let ours = try PhotoDecoder.decode(contentsOf: url)
        // GIF: the first frame only, as we promise.
        // Converted from its embedded profile as we do (exif-orientation-6.jpg is Adobe RGB).
        let reference = try ImageMagick.rgb(of: url.path + (name.hasSuffix(".gif") ? "[0]" : ""),
                                            sRGBProfile: "/usr/share/color/icc/sRGB.icc")
        #expect(ours.width == reference.width && ours.height == reference.height, "\(name) size")
        guard ours.width == reference.width, ours.height == reference.height else { return }
        // JPEGs are decoded with fast IDCT/upsampling, so allow a small difference.
        let psnr = ImageComparison.psnr(ours, reference)
        #expect(psnr > 32, "\(name): PSNR \(psnr) dB against ImageMagick")
    }

    @Test func everyFormatsFileIsCovered() throws {
        let names = try SharedPhotos.files(in: "formats").map(\.lastPathComponent)
        #expect(Set(names) == Set(Self.formats))
    }

    @Test func exifSixComesOutUpright() throws {
        let url = SharedPhotos.url("formats/exif-orientation-6.jpg")
        let header = try PhotoDecoder.header(contentsOf: url)
        #expect(header.storedWidth == 640 && header.storedHeight == 427)
        #expect(header.orientation == .right)
        #expect(header.width == 427 && header.height == 640)
        let image = try PhotoDecoder.decode(contentsOf: url)
        #expect(image.width == 427 && image.height == 640)
        // The stored pixels are the landscape rocket photo, sky on top. Orientation 6 turns
        // them 90° clockwise, so upright the blue sky is the right-hand strip and the lit launch
        // pad the left-hand one. Unrotated, both strips would be a mix of sky and ground.
        let right = ImageComparison.meanColour(image, x: 387 ..< 427, y: 0 ..< 640)
        let left = ImageComparison.meanColour(image, x: 0 ..< 40, y: 0 ..< 640)
        #expect(right.b > right.r + 25, "right strip \(right) should be sky blue")
        #expect(left.r > left.b + 15, "left strip \(left) should be the warm-lit ground")
    }

    /// A sidecar's orientation replaces EXIF's, never adds to it: 1 shows the stored pixels as
    /// stored, 8 turns them a quarter left (sky on the left), whatever EXIF said (6).
    @Test func aSidecarOrientationReplacesExifs() throws {
        let data = try Data(contentsOf: SharedPhotos.url("formats/exif-orientation-6.jpg"))
        var request = DecodeRequest()
        request.orientation = .up
        let asStored = try data.withUnsafeBytes { try PhotoDecoder.decode($0, request) }
        #expect(asStored.width == 640 && asStored.height == 427)
        let sky = ImageComparison.meanColour(asStored, x: 0 ..< 640, y: 0 ..< 40)
        #expect(sky.b > sky.r + 25, "top strip \(sky) should be sky blue")
        request.orientation = .left
        let left = try data.withUnsafeBytes { try PhotoDecoder.decode($0, request) }
        #expect(left.width == 427 && left.height == 640)
        let leftStrip = ImageComparison.meanColour(left, x: 0 ..< 40, y: 0 ..< 640)
        #expect(leftStrip.b > leftStrip.r + 25, "left strip \(leftStrip) should be sky blue")
    }

    @Test func cmykColoursAreNotInverted() throws {
        let url = SharedPhotos.url("formats/cmyk.jpg")
        let ours = try PhotoDecoder.decode(contentsOf: url)
        let reference = try ImageMagick.rgb(of: url.path)
        #expect(ImageComparison.meanAbsoluteError(ours, reference) < 4)
    }

    @Test func scaledJPEGMatchesAnAreaAverageOfTheFullImage() throws {
        let url = SharedPhotos.url("bench/Storm.jpg")
        let ours = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (480, 320)))
        #expect(ours.width == 480 && ours.height == 320)
        let reference = try ImageMagick.rgb(of: url.path, size: (480, 320))
        let psnr = ImageComparison.psnr(ours, reference)
        #expect(psnr > 30, "PSNR \(psnr) dB")
    }

    @Test func scaledWebPHasTheExactSize() throws {
        let url = SharedPhotos.url("formats/lossy.webp")
        let header = try PhotoDecoder.header(contentsOf: url)
        let ours = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (header.width / 3, header.height / 3)))
        #expect(ours.width == header.width / 3 && ours.height == header.height / 3)
        let reference = try ImageMagick.rgb(of: url.path, size: (ours.width, ours.height))
        #expect(ImageComparison.psnr(ours, reference) > 28)
    }

    @Test func alphaIsCompositedOverTheBackground() throws {
        let url = SharedPhotos.url("formats/rgba.png")
        let white = RGB(r: 255, g: 255, b: 255)
        let overBlack = try PhotoDecoder.decode(contentsOf: url)
        let overWhite = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(background: white))
        // 60 % alpha: 40 % of the background shows through, so the two differ by about 102.
        let difference = ImageComparison.meanAbsoluteError(overBlack, overWhite)
        #expect(abs(difference - 102) < 6, "difference \(difference)")
    }
}

/// Big progressive JPEGs are decoded from only the scans the scaled IDCT reads.
@Suite struct ProgressiveShortcutTests {
    @Test(arguments: [(800, 450), (400, 225)])
    func skippingLaterScansKeepsThePicture(width: Int, height: Int) throws {
        let url = SharedPhotos.url("bench/Elephants_5640x3172.jpg")
        let ours = try PhotoDecoder.decode(contentsOf: url, DecodeRequest(size: (width, height)))
        #expect(ours.width == width && ours.height == height)
        let reference = try ImageMagick.rgb(of: url.path, size: (width, height))
        let psnr = ImageComparison.psnr(ours, reference)
        #expect(psnr > 32, "PSNR \(psnr) dB against a full decode")
    }

    @Test func baselineFilesAreLeftWhole() throws {
        let data = try Data(contentsOf: SharedPhotos.url("bench/Storm.jpg"))
        let length = data.withUnsafeBytes { ProgressiveScans.prefixLength($0, needed: 0) }
        #expect(length == nil)
    }

    @Test func theFirstScanSufficesForAnEighth() throws {
        let data = try Data(contentsOf: SharedPhotos.url("bench/Elephants_5640x3172.jpg"))
        // Scan 1 is the DC scan of all three components (bytes 49469…550177).
        let eighth = data.withUnsafeBytes { ProgressiveScans.prefixLength($0, needed: 0) }
        #expect(eighth == 550_178)
        // A quarter needs coefficients up to zig-zag 4 of every component: scans 1-4.
        let quarter = data.withUnsafeBytes { ProgressiveScans.prefixLength($0, needed: 4) }
        #expect(quarter == 3_290_921)
        #expect(ProgressiveScans.highestCoefficient(scaleNumerator: 1, denominator: 8) == 0)
        #expect(ProgressiveScans.highestCoefficient(scaleNumerator: 1, denominator: 4) == 4)
        #expect(ProgressiveScans.highestCoefficient(scaleNumerator: 1, denominator: 1) == nil)
    }
}

/// A progressive JPEG's decode says how much it will hold before it allocates it.
@Suite struct WorkingMemoryTests {
    static func reserved(decoding name: String, size: (Int, Int)) throws -> [Int] {
        let reservations = Locked<[Int]>([])
        var request = DecodeRequest(size: size)
        request.reserveWorkingMemory = { bytes in reservations.withLock { $0.append(bytes) } }
        _ = try PhotoDecoder.decode(contentsOf: SharedPhotos.url(name), request)
        return reservations.withLock { $0 }
    }

    @Test func progressiveJPEGsReserveTheirCoefficients() throws {
        // 5640×3172, 4:2:2: 353×397 MCUs of 16×8 pixels, each 2 luma + 2 chroma blocks of 128 bytes.
        #expect(try Self.reserved(decoding: "bench/Elephants_5640x3172.jpg", size: (1000, 562)) == [353 * 397 * 4 * 128])
    }

    @Test func baselineJPEGsStreamAndReserveNothing() throws {
        #expect(try Self.reserved(decoding: "bench/Storm.jpg", size: (1000, 667)).isEmpty)
    }
}
