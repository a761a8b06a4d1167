import Foundation
import PhotoDecoding
import PhotoPagerBase
import Testing
import TestSupport
@testable import TerminalGraphics

@Suite("iTerm2 inline images")
struct ITerm2EncoderTests {
    @Test func photosGoAsJPEGAtTheirSize() throws {
        let image = TestImages.photoLike(width: 257, height: 131)
        let bytes = try ITerm2Encoder().encode(image, cells: CellSize(columns: 26, rows: 7))
        let (arguments, payload) = try GraphicsSequences.iterm2File(bytes)
        let jpeg = [UInt8](try #require(Data(base64Encoded: Data(payload))))
        #expect(arguments["size"] == String(jpeg.count))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try PhotoDecoder.decode(Data(jpeg))
        #expect(decoded.width == 257 && decoded.height == 131)
        #expect(ImageComparison.psnr(decoded.pixels, image.pixels) > 35)
        let png = try ITerm2Encoder(format: .png).encode(image, cells: CellSize(columns: 26, rows: 7))
        #expect(bytes.count < png.count)
    }

    @Test func oscCarriesAPNGOfTheExactPixels() throws {
        let image = TestImages.photoLike(width: 257, height: 131)
        let bytes = try ITerm2Encoder(format: .png).encode(image, cells: CellSize(columns: 26, rows: 7))
        let (arguments, payload) = try GraphicsSequences.iterm2File(bytes)
        #expect(arguments["inline"] == "1")
        #expect(arguments["width"] == "26")
        #expect(arguments["height"] == "7")
        #expect(arguments["preserveAspectRatio"] == "0")
        let png = [UInt8](try #require(Data(base64Encoded: Data(payload))))
        #expect(arguments["size"] == String(png.count), "size= must be the decoded file's byte count")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try PNGReading.decode(png)
        #expect(decoded.width == 257 && decoded.height == 131)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func pixelSizingUsesPxUnits() throws {
        let image = TestImages.gradient(width: 40, height: 20)
        let (arguments, _) = try GraphicsSequences.iterm2File(
            try ITerm2Encoder(scaleToCells: false).encode(image, cells: CellSize(columns: 4, rows: 1)))
        #expect(arguments["width"] == "40px")
        #expect(arguments["height"] == "20px")
        #expect(arguments["preserveAspectRatio"] == nil)
    }
}

@Suite("PNG writer")
struct PNGWriterTests {
    @Test(arguments: [true, false])
    func roundTripsExactly(fast: Bool) throws {
        let image = TestImages.colourBars(width: 97, height: 33)
        let decoded = try PNGReading.decode(try PNGWriter.encode(image, fast: fast))
        #expect(decoded.width == 97 && decoded.height == 33)
        #expect(decoded.pixels == image.pixels)
    }

    /// Pseudo-random pixels do not compress, so this exercises the worst-case buffer bound.
    @Test func incompressiblePixelsStillFit() throws {
        var state: UInt32 = 12345
        let image = TestImages.makeImage(width: 211, height: 97) { _, _ in
            state = state &* 1_103_515_245 &+ 12345
            return (UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16), UInt8(truncatingIfNeeded: state >> 8))
        }
        let png = try PNGWriter.encode(image, fast: true)
        #expect(png.count <= PNGWriter.worstCaseSize(width: 211, height: 97))
        #expect(try PNGReading.decode(png).pixels == image.pixels)
    }
}
