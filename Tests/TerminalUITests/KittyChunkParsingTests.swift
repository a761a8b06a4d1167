import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import Testing
@testable import TerminalUI

/// A chunked transmission of ours read back whole, as the file transfer needs it.
@Suite struct KittyChunkParsingTests {
    @Test func everyChunksPayloadJoinsIntoThePixels() throws {
        let image = RGBImage(width: 64, height: 40, pixels: (0 ..< 64 * 40 * 3).map { UInt8($0 % 251) })
        let encoded = try KittyEncoder(format: .rgb).encode(image, cells: CellSize(columns: 7, rows: 2))
        var writer = FrameWriter()
        let sent = writer.pretransmission(of: ImageContent(photoID: "p", pixelSize: .init(width: 64, height: 40)),
                                          EncodedImage(kind: .kitty, bytes: encoded))
        let upload = try #require(sent)
        let starts = KittyTransmission.transmissionStarts(in: upload)
        #expect(starts.count == 1)
        let start = try #require(starts.first)
        let (keys, payload, end) = try #require(KittyTransmission.chunks(in: upload, at: start))
        #expect(end == upload.count)
        let text = String(decoding: keys, as: UTF8.self)
        #expect(text.hasPrefix("a=t,i=") && text.contains("s=64") && text.contains("v=40") && !text.contains("m="))
        #expect(Base64.decode(payload[...]) == image.pixels)
        #expect(payload.count > 4096, "more than one chunk was joined")
    }

    @Test func aTruncatedTransmissionIsNotRead() throws {
        let image = RGBImage(width: 64, height: 40, pixels: [UInt8](repeating: 9, count: 64 * 40 * 3))
        var bytes = try KittyEncoder(format: .rgb).encode(image, cells: CellSize(columns: 7, rows: 2))
        bytes = KittyTransmission.retagged(bytes, imageID: 3) ?? []
        #expect(KittyTransmission.chunks(in: Array(bytes.dropLast(5000)), at: 0) == nil)
    }
}
