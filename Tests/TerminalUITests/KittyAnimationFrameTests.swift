import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import Testing
@testable import TerminalUI

/// kitty's own animation frames: `a=f` on every chunk (kitty 0.26 takes a bare continuation
/// chunk for `a=t`, and then nothing plays), the frame's gap, no placement keys.
@Suite struct KittyAnimationFrameTests {
    /// Commands' key sections (between `ESC _G` and `;`) in order.
    static func keys(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}_G").dropFirst().map { String($0.prefix { $0 != ";" && $0 != "\u{1B}" }) }
    }

    @Test func everyChunkOfAFrameSaysSo() throws {
        // 64 × 64 raw pixels: 16 kB of base64, five chunks.
        let image = RGBImage(width: 64, height: 64, filledWith: RGB(r: 10, g: 20, b: 30))
        let encoded = try KittyEncoder().encode(image, cells: CellSize(columns: 6, rows: 3))
        let frame = try #require(KittyTransmission.frame(encoded, imageID: 9, gap: 70))
        let commands = Self.keys(frame)
        #expect(commands.count > 2)
        let first = commands[0].split(separator: ",").map(String.init)
        #expect(first.prefix(3) == ["a=f", "i=9", "z=70"])
        #expect(!first.contains { $0.hasPrefix("c=") || $0.hasPrefix("r=") || $0.hasPrefix("a=T") }, "\(first)")
        #expect(commands.dropFirst().allSatisfy { $0.hasPrefix("a=f,") && $0.contains("m=") })
        // The pixels are untouched: the same base64 as the transmission's.
        let payload = { (bytes: [UInt8]) in
            String(decoding: bytes, as: UTF8.self).components(separatedBy: ";").dropFirst()
                .map { $0.prefix { $0 != "\u{1B}" } }.joined()
        }
        #expect(payload(frame) == payload(encoded))
    }

    @Test func playingAndStopping() {
        let play = String(decoding: KittyTransmission.animation(imageID: 4, firstGap: 100, playing: true), as: UTF8.self)
        #expect(play == "\u{1B}_Ga=a,i=4,r=1,z=100,q=2\u{1B}\\\u{1B}_Ga=a,i=4,s=3,v=1,q=2\u{1B}\\")
        let stop = String(decoding: KittyTransmission.animation(imageID: 4, playing: false), as: UTF8.self)
        #expect(stop == "\u{1B}_Ga=a,i=4,s=1,q=2\u{1B}\\")
    }
}
