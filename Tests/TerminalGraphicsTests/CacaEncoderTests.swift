import PhotoDecoding
import PhotoPagerBase
import Testing
@testable import TerminalGraphics

@Suite("libcaca")
struct CacaEncoderTests {
    @Test(arguments: [CellSize(columns: 40, rows: 12), CellSize(columns: 7, rows: 3), CellSize(columns: 1, rows: 1)])
    func textHasOneLinePerRowAndEndsReset(box: CellSize) throws {
        let image = TestImages.photoLike(width: box.columns, height: box.rows * 2)
        let bytes = try CacaEncoder().encode(image, cells: box)
        let text = try #require(String(validating: bytes, as: UTF8.self), "output must be valid UTF-8")
        #expect(text.contains("\u{1B}["), "coloured output uses ANSI SGR")
        #expect(text.hasSuffix("\u{1B}[0m"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.count == box.rows)
        let screen = try CellScreen(parsing: bytes)
        #expect(screen.rows.count == box.rows)
        #expect(screen.rows.allSatisfy { $0.count == box.columns }, "every line fills the box width")
    }

    /// Pure red must come out in libcaca's red (ANSI 1 or bright 9) somewhere in every cell —
    /// catches swapped channel masks, which turn it blue.
    @Test func channelOrderIsRGB() throws {
        let box = CellSize(columns: 12, rows: 4)
        let red = RGBImage(width: 24, height: 8, filledWith: RGB(r: 255, g: 0, b: 0))
        let screen = try CellScreen(parsing: try CacaEncoder().encode(red, cells: box))
        let reds: [CellScreen.Colour] = [.indexed(1), .indexed(9)]
        for row in screen.rows {
            for cell in row {
                #expect(reds.contains(cell.fg) || reds.contains(cell.bg), "cell \(cell) has no red")
            }
        }
    }

    /// libcaca marks bright backgrounds with blink for the Linux console; elsewhere that blinks.
    @Test func blinkOnlyOnTheLinuxConsole() throws {
        let image = TestImages.photoLike(width: 60, height: 40)
        let box = CellSize(columns: 60, rows: 20)
        let console = String(decoding: try CacaEncoder(linuxConsole: true).encode(image, cells: box), as: UTF8.self)
        let plain = try CacaEncoder().encode(image, cells: box)
        #expect(console.contains(";5;"), "the sky has bright backgrounds, which libcaca marks with blink")
        let sgrs = String(decoding: plain, as: UTF8.self).split(separator: "\u{1B}").map { $0.prefix { $0 != "m" } }
        #expect(!sgrs.contains { $0.split(separator: ";").contains("5") }, "no SGR 5 outside the console")
        #expect(try CellScreen(parsing: plain).rows.count == 20)
        #expect(CacaEncoder.removingBlink(Array("\u{1B}[0;5;44;104mX\u{1B}[5mY\u{1B}[25mZ".utf8))
            == Array("\u{1B}[0;44;104mXY\u{1B}[25mZ".utf8))
    }

    @Test func concurrentEncodesAgreeWithSerialOnes() async throws {
        let box = CellSize(columns: 30, rows: 10)
        let images = (0..<6).map { TestImages.photoLike(width: 30 + $0 * 7, height: 20 + $0 * 3) }
        let serial = try images.map { try CacaEncoder(dithering: .ordered4).encode($0, cells: box) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, image) in images.enumerated() {
                group.addTask { (index, try CacaEncoder(dithering: .ordered4).encode(image, cells: box)) }
            }
            var results = [[UInt8]](repeating: [], count: images.count)
            for try await (index, bytes) in group { results[index] = bytes }
            return results
        }
        #expect(parallel == serial)
    }
}
