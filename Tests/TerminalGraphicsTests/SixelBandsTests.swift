@testable import TerminalGraphics
import Testing

/// The band writer's passes: commonest colour first, and each pass may set bits a later colour
/// will paint over, so an interleaved colour becomes one run instead of lace.
@Suite("sixel bands")
struct SixelBandsTests {
    /// One 40×6 band: colour 0 on rows 0–3; below it colour 1 on two columns of every three,
    /// colour 2 on the third.
    static func interleaved() -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: 40 * 6)
        for y in 4 ..< 6 { for x in 0 ..< 40 { indices[y * 40 + x] = x % 3 == 2 ? 2 : 1 } }
        return indices
    }

    static func encode(_ indices: [UInt8], width: Int, height: Int) -> String {
        var out: [UInt8] = []
        indices.withUnsafeBufferPointer {
            SixelBands(width: width, height: height).encode(bands: 0 ..< (height + 5) / 6, indices: $0.baseAddress!, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func laterColoursOwnWhatEarlierPassesMaySet() {
        let passes = Self.encode(Self.interleaved(), width: 40, height: 6).split(separator: "$").map(String.init)
        #expect(passes.count == 3)
        // The commonest first: rows 0–3 (0b001111) of colour 0, one run.
        #expect(passes.first == "#0!40N")
        // Colour 1 sets rows 4–5 (0b110000) everywhere, colour 2's columns included: one run.
        #expect(passes.dropFirst().first == "#1!40o")
        // The last pass must be exact: rows 4–5 on every third column.
        #expect(passes.last == "#2" + String(repeating: "??o", count: 13))
    }

    /// Whatever the passes set beyond their own pixels, painting them in order gives every pixel
    /// its own colour: replayed here with the sixel rule that a later pass wins.
    @Test(arguments: [(40, 6), (23, 17), (64, 13)])
    func replayingThePassesGivesBackEveryPixel(width: Int, height: Int) {
        var indices = [UInt8](repeating: 0, count: width * height)
        var seed: UInt32 = 12345
        for i in indices.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            // Few colours in patches, with some noise, so passes overlap in every way.
            indices[i] = UInt8((i / 7 + Int(seed >> 28) % 3) % 5)
        }
        let decoded = Self.replay(Self.encode(indices, width: width, height: height), width: width, height: height)
        #expect(decoded == indices.map(Int.init))
    }

    /// A minimal sixel data interpreter: `#n` selects, `!n` repeats, `$` returns, `-` next band.
    static func replay(_ data: String, width: Int, height: Int) -> [Int] {
        var pixels = [Int](repeating: -1, count: width * height)
        var colour = 0, x = 0, band = 0, repeatCount = 1
        var characters = Array(data.utf8)[...]
        func number() -> Int {
            var n = 0
            while let c = characters.first, c >= 48, c <= 57 { n = n * 10 + Int(c - 48); characters.removeFirst() }
            return n
        }
        while let c = characters.popFirst() {
            switch c {
            case UInt8(ascii: "#"): colour = number()
            case UInt8(ascii: "!"): repeatCount = number()
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; band += 1
            default:
                let bits = Int(c) - 63
                for _ in 0 ..< repeatCount {
                    for bit in 0 ..< 6 where bits & (1 << bit) != 0 {
                        let y = band * 6 + bit
                        if y < height, x < width { pixels[y * width + x] = colour }
                    }
                    x += 1
                }
                repeatCount = 1
            }
        }
        return pixels
    }
}
