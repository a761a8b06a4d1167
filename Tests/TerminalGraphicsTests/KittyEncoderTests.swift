import Foundation
import PhotoDecoding
import PhotoPagerBase
import Testing
@testable import TerminalGraphics

@Suite("kitty graphics protocol")
struct KittyEncoderTests {
    /// 300×200 RGB is 180 000 bytes → 240 000 base64 bytes → 59 chunks, the last one short.
    @Test func rawPixelsRoundTripThroughChunks() throws {
        let image = TestImages.photoLike(width: 300, height: 200)
        let bytes = try KittyEncoder(imageID: 42).encode(image, cells: CellSize(columns: 30, rows: 10))
        let chunks = try GraphicsSequences.kittyChunks(bytes)

        #expect(chunks.count == (image.pixels.count * 4 / 3 + 4095) / 4096)
        let first = chunks[0].control
        #expect(first["a"] == "T")
        #expect(first["f"] == "24")
        #expect(first["s"] == "300")
        #expect(first["v"] == "200")
        #expect(first["c"] == "30")
        #expect(first["r"] == "10")
        #expect(first["i"] == "42")
        #expect(first["q"] == "2")
        #expect(first["C"] == nil)
        for (index, chunk) in chunks.enumerated() {
            let isLast = index == chunks.count - 1
            #expect(chunk.payload.count <= 4096)
            #expect(chunk.control["m"] == (isLast ? "0" : "1"), "chunk \(index)")
            if !isLast { #expect(chunk.payload.count % 4 == 0, "non-final chunks must be whole base64 quanta") }
            if index > 0 {
                // Continuation chunks may carry only m (and q), per the spec.
                #expect(Set(chunk.control.keys) == ["m", "q"], "chunk \(index) has \(chunk.control.keys.sorted())")
            }
        }
        let decoded = try #require(Data(base64Encoded: Data(chunks.flatMap(\.payload))))
        #expect([UInt8](decoded) == image.pixels)
    }

    /// A payload of exactly one full chunk must be a single `m=0` sequence, not a full chunk plus
    /// an empty one. 1024×4 RGB = 12 288 bytes = 16 384 base64 = exactly 4 chunks.
    @Test func exactMultipleOfChunkSizeHasNoEmptyTail() throws {
        let one = TestImages.gradient(width: 1024, height: 1)  // 3072 bytes → 4096 base64
        let chunks = try GraphicsSequences.kittyChunks(try KittyEncoder().encode(one, cells: CellSize(columns: 1, rows: 1)))
        #expect(chunks.count == 1)
        #expect(chunks[0].payload.count == 4096)
        #expect(chunks[0].control["m"] == "0")

        let four = TestImages.gradient(width: 1024, height: 4)
        let fourChunks = try GraphicsSequences.kittyChunks(try KittyEncoder().encode(four, cells: CellSize(columns: 1, rows: 1)))
        #expect(fourChunks.map(\.payload.count) == [4096, 4096, 4096, 4096])
        #expect(fourChunks.map { $0.control["m"] } == ["1", "1", "1", "0"])
    }

    @Test func tinyImageIsOneSequenceWithPadding() throws {
        let image = RGBImage(width: 1, height: 1, filledWith: RGB(r: 1, g: 2, b: 3))
        let bytes = try KittyEncoder().encode(image, cells: CellSize(columns: 1, rows: 1))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}_Ga=T,f=24,s=1,v=1,c=1,r=1,q=2,m=0;AQID\u{1B}\\")
    }

    @Test func pngFormatDecodesToTheSourcePixels() throws {
        let image = TestImages.colourBars(width: 123, height: 45)
        let encoder = KittyEncoder(format: .png, scaleToCells: false, moveCursor: false)
        let chunks = try GraphicsSequences.kittyChunks(try encoder.encode(image, cells: CellSize(columns: 13, rows: 3)))
        #expect(chunks[0].control["f"] == "100")
        #expect(chunks[0].control["s"] == nil && chunks[0].control["c"] == nil)
        #expect(chunks[0].control["C"] == "1")
        let png = try #require(Data(base64Encoded: Data(chunks.flatMap(\.payload))))
        let decoded = try PNGReading.decode([UInt8](png))
        #expect(decoded.width == 123 && decoded.height == 45)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func placementAndDeleteCommands() {
        #expect(String(decoding: KittyEncoder.placement(imageID: 7, cells: CellSize(columns: 20, rows: 9)), as: UTF8.self)
            == "\u{1B}_Ga=p,i=7,c=20,r=9,C=1,q=1\u{1B}\\")
        #expect(String(decoding: KittyEncoder.delete(imageID: 7), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        #expect(String(decoding: KittyEncoder.deleteAll(), as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }

    @Test func emptyCellBoxIsRejected() {
        #expect(throws: TerminalGraphicsError.self) {
            try KittyEncoder().encode(TestImages.gradient(width: 4, height: 4), cells: CellSize(columns: 0, rows: 1))
        }
    }
}

@Suite("kitty format choice")
struct KittyFormatChoiceTests {
    @Test func rawLocallyPNGOverSSH() throws {
        let image = TestImages.photoLike(width: 64, height: 40)
        let local = try RendererKind.kitty.makeEncoder(environment: [:]).encode(image, cells: CellSize(columns: 8, rows: 2))
        let remote = try RendererKind.kitty.makeEncoder(environment: ["SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"])
            .encode(image, cells: CellSize(columns: 8, rows: 2))
        #expect(String(decoding: local.prefix(40), as: UTF8.self).contains("f=24"))
        #expect(String(decoding: remote.prefix(40), as: UTF8.self).contains("f=100"))
        #expect(remote.count < local.count)
    }
}
