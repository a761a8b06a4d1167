import PhotoDecoding
import PhotoPagerBase
import Testing
import TerminalGraphics

@Suite("half blocks")
struct HalfBlockEncoderTests {
    /// Each cell must be ▀ with fg = the top pixel and bg = the bottom pixel, exactly.
    @Test(arguments: [(37, 24), (16, 9), (5, 1)])
    func truecolorCellsMatchPixelPairs(width: Int, height: Int) throws {
        let image = TestImages.photoLike(width: width, height: height)
        let lines = (height + 1) / 2
        let screen = try CellScreen(parsing: try HalfBlockEncoder().encode(image, cells: CellSize(columns: width, rows: lines)))
        #expect(screen.rows.count == lines)
        for row in 0..<lines {
            #expect(screen.rows[row].count == width)
            for x in 0..<width {
                let cell = screen.rows[row][x]
                let top = image[x, 2 * row]
                #expect(cell.character == "▀")
                #expect(cell.fg == .rgb(top.r, top.g, top.b), "cell \(x),\(row)")
                if 2 * row + 1 < height {
                    let bottom = image[x, 2 * row + 1]
                    #expect(cell.bg == .rgb(bottom.r, bottom.g, bottom.b), "cell \(x),\(row)")
                } else {
                    #expect(cell.bg == .default, "an odd last row has no bottom pixel")
                }
            }
        }
        #expect(screen.fg == .default && screen.bg == .default, "output must end reset")
    }

    @Test func palette256CellsUseNearestIndices() throws {
        let image = TestImages.photoLike(width: 40, height: 30)
        let encoder = HalfBlockEncoder(colors: .xterm256)
        let screen = try CellScreen(parsing: try encoder.encode(image, cells: CellSize(columns: 40, rows: 15)))
        #expect(screen.rows.count == 15)
        for row in 0..<15 {
            for x in 0..<40 {
                let cell = screen.rows[row][x]
                #expect(cell.fg == .indexed(Xterm256Palette.nearestIndex(to: image[x, 2 * row])))
                #expect(cell.bg == .indexed(Xterm256Palette.nearestIndex(to: image[x, 2 * row + 1])))
            }
        }
    }

    /// A flat image needs one SGR for the first cell of each line plus the reset, nothing else.
    @Test func repeatedColoursEmitNoSGR() throws {
        let image = RGBImage(width: 20, height: 6, filledWith: RGB(r: 10, g: 20, b: 30))
        let bytes = try HalfBlockEncoder().encode(image, cells: CellSize(columns: 20, rows: 3))
        let screen = try CellScreen(parsing: bytes)
        #expect(screen.sgrCount == 3 * 2)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[38;2;10;20;30;48;2;10;20;30m▀▀"))
        #expect(text.hasSuffix("▀\u{1B}[0m"))
        #expect(text.components(separatedBy: "\u{1B}[0m\r\n").count == 3, "lines end with a reset, then CRLF")
    }

    @Test func cursorMovementLineBreaks() throws {
        let image = TestImages.gradient(width: 3, height: 4)
        let bytes = try HalfBlockEncoder(lineBreak: .moveDown(toColumn: 9)).encode(image, cells: CellSize(columns: 3, rows: 2))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\n") && !text.contains("\r"))
        #expect(text.contains("\u{1B}[0m\u{1B}[1B\u{1B}[10G"))
    }

    @Test func imageLargerThanBoxIsRejected() {
        #expect(throws: TerminalGraphicsError.self) {
            try HalfBlockEncoder().encode(TestImages.gradient(width: 10, height: 5), cells: CellSize(columns: 10, rows: 2))
        }
    }
}

@Suite("xterm 256-colour palette")
struct Xterm256PaletteTests {
    /// The fast search must agree with brute force over 16...255 (first minimum wins) everywhere:
    /// all greys, every cube-threshold neighbourhood, and a pseudo-random sample.
    @Test func nearestIndexMatchesBruteForce() {
        var colours: [RGB] = (0...255).map { RGB(r: UInt8($0), g: UInt8($0), b: UInt8($0)) }
        for a in [0, 47, 48, 94, 95, 114, 115, 116, 155, 156, 195, 196, 235, 236, 255] {
            for b in [0, 8, 115, 128, 238, 255] {
                colours.append(RGB(r: UInt8(a), g: UInt8(b), b: UInt8(a)))
                colours.append(RGB(r: UInt8(b), g: UInt8(a), b: UInt8(255 - a)))
            }
        }
        var state: UInt32 = 99
        for _ in 0..<4000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            colours.append(RGB(r: UInt8(truncatingIfNeeded: state >> 8), g: UInt8(truncatingIfNeeded: state >> 16),
                               b: UInt8(truncatingIfNeeded: state >> 24)))
        }
        for colour in colours {
            #expect(Xterm256Palette.nearestIndex(to: colour) == bruteForceNearest(colour), "\(colour)")
        }
    }

    @Test func knownEntries() {
        #expect(Xterm256Palette.color(ofIndex: 16) == RGB(r: 0, g: 0, b: 0))
        #expect(Xterm256Palette.color(ofIndex: 196) == RGB(r: 255, g: 0, b: 0))
        #expect(Xterm256Palette.color(ofIndex: 231) == RGB(r: 255, g: 255, b: 255))
        #expect(Xterm256Palette.color(ofIndex: 232) == RGB(r: 8, g: 8, b: 8))
        #expect(Xterm256Palette.color(ofIndex: 255) == RGB(r: 238, g: 238, b: 238))
        #expect(Xterm256Palette.nearestIndex(to: RGB(r: 250, g: 5, b: 3)) == 196)
        #expect(Xterm256Palette.nearestIndex(to: RGB(r: 128, g: 128, b: 128)) == 244)
    }

    private func bruteForceNearest(_ c: RGB) -> Int {
        var best = 16
        var bestDistance = Int.max
        for index in 16...255 {
            let p = Xterm256Palette.color(ofIndex: index)
            let dr = Int(c.r) - Int(p.r), dg = Int(c.g) - Int(p.g), db = Int(c.b) - Int(p.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { bestDistance = d; best = index }
        }
        return best
    }
}
