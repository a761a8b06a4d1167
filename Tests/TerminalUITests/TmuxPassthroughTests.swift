import PhotoDecoding
import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
@testable import TerminalUI

/// Graphics for the terminal around tmux: wrapped, and split below tmux's 1 MiB limit.
@Suite struct TmuxPassthroughTests {
    /// What tmux hands on: the body of each `ESC P tmux; … ESC \` with doubled ESCs undone.
    static func unwrapped(_ bytes: [UInt8]) -> [[UInt8]] {
        let text = bytes
        var pieces: [[UInt8]] = []
        var i = 0
        let start = Array("\u{1B}Ptmux;".utf8)
        while i < text.count {
            guard text[i...].starts(with: start) else { i += 1; continue }
            var j = i + start.count, body: [UInt8] = []
            while j + 1 < text.count {
                if text[j] == 0x1B, text[j + 1] == 0x1B { body.append(0x1B); j += 2; continue }
                if text[j] == 0x1B, text[j + 1] == UInt8(ascii: "\\") { j += 2; break }
                body.append(text[j]); j += 1
            }
            pieces.append(body)
            i = j
        }
        return pieces
    }

    @Test func everyEscapeIsDoubledAndTheWrapperEnds() {
        let wrapped = Passthrough.tmux(Array("\u{1B}[c".utf8)[...])
        #expect(wrapped == Array("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\".utf8))
        #expect(Self.unwrapped(wrapped) == [Array("\u{1B}[c".utf8)])
    }

    @Test func eachKittyCommandIsWrappedOnItsOwnAndTextIsLeft() {
        let a = "\u{1B}_Ga=t,i=1,m=1;AAAA\u{1B}\\", b = "\u{1B}_Gm=0;BBBB\u{1B}\\"
        let bytes = Array("\u{1B}[2;3Hhello\(a)\(b)\u{1B}[0m".utf8)
        let out = TmuxPassthrough.wrappingKittyCommands(bytes[...])
        #expect(Self.unwrapped(out) == [Array(a.utf8), Array(b.utf8)])
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[2;3Hhello\u{1B}Ptmux;") && text.hasSuffix("\u{1B}\\\u{1B}[0m"))
    }

    /// A 2000×1200 sixel (megabytes) becomes pieces well under 1 MiB, each a whole sixel whose
    /// height is a multiple of 6 and of the cell, each placed by a cursor move to its own row of
    /// the outer terminal inside its passthrough (the pane at column 5, row 1 there); decoded
    /// and stacked they are the original picture.
    @Test(.enabled(if: ImageMagick.isInstalled, "needs ImageMagick to decode sixel"))
    func aBigSixelGoesInPiecesThatStackIntoThePicture() throws {
        // Photo-like: smooth gradients with a little grain.
        var generator = SplitMix64(seed: 3)
        let image = RGBImage(width: 2000, height: 1200, pixels: (0 ..< 2000 * 1200 * 3).map { i in
            let p = i / 3, x = p % 2000, y = p / 2000, channel = i % 3
            let base = (x / 8 + y / 5 + channel * 60) % 256
            return UInt8(clamping: base + Int(generator.next() % 9) - 4)
        })
        let sixel = try SixelEncoder().encode(image, cells: CellSize(columns: 200, rows: 60))
        #expect(sixel.count > 1 << 20, "not big enough to need splitting")
        let rect = Rect(x: 3, y: 2, width: 200, height: 60)
        let frame = RenderedFrame(bytes: Array("\u{1B}[3;4H".utf8) + sixel,
                                  sixels: [.init(bytes: 6 ..< 6 + sixel.count, owner: 1,
                                                 content: ImageContent(photoID: "p", pixelSize: .init(width: 2000, height: 1200)),
                                                 rect: rect)])
        let out = TmuxPassthrough.frame(frame, cellHeight: 20, origin: (column: 5, row: 1)).bytes
        let pieces = Self.unwrapped(out)
        #expect(pieces.count > 4)
        var rows: [UInt8] = []
        var top = 0
        for (index, wrapped) in pieces.enumerated() {
            #expect(wrapped.count < 512 << 10, "piece \(index): \(wrapped.count) bytes")
            let move = Array("\u{1B}[\(1 + rect.y + top / 20 + 1);\(5 + rect.x + 1)H".utf8)
            #expect(wrapped.starts(with: move), "piece \(index) not placed at its row")
            let piece = Array(wrapped.dropFirst(move.count))
            let decoded = try ImageMagick.decodeSixel(piece)
            #expect(decoded.width == 2000)
            if index < pieces.count - 1 { #expect(decoded.height % 60 == 0, "piece \(index) is \(decoded.height) px tall") }
            top += decoded.height
            rows += decoded.pixels
        }
        #expect(top == 1200)
        let whole = try ImageMagick.decodeSixel(sixel)
        #expect(rows == whole.pixels, "the pieces do not stack into the picture")
    }

    @Test func aSmallSixelIsOnePiece() throws {
        let image = RGBImage(width: 40, height: 30, pixels: [UInt8](repeating: 128, count: 40 * 30 * 3))
        let sixel = try SixelEncoder().encode(image, cells: CellSize(columns: 4, rows: 2))
        let pieces = TmuxPassthrough.pieces(of: sixel[...], cellHeight: 20)
        #expect(pieces.count == 1 && pieces.first?.row == 0 && pieces.first?.bytes == sixel)
    }

    /// A kitty placement carries the outer terminal's cursor move inside its passthrough: tmux
    /// moves its own cursor lazily, so a move in the pane alone would place it wherever tmux
    /// last drew. Transmissions and deletions need no place and are only wrapped.
    @Test func aKittyPlacementIsPlacedOnTheOuterTerminal() {
        let upload = "\u{1B}_Ga=t,i=7,f=24,s=1,v=1,q=2;AAAA\u{1B}\\"
        let place = "\u{1B}_Ga=p,i=7,c=4,r=2,C=1,q=2\u{1B}\\"
        let text = "\u{1B}[3;11H"
        let bytes = Array((upload + text + place + "\u{1B}[0m").utf8)
        let start = (upload + text).utf8.count
        let frame = RenderedFrame(bytes: bytes, placements: [.init(bytes: start ..< start + place.utf8.count,
                                                                    rect: Rect(x: 10, y: 2, width: 4, height: 2))])
        let out = TmuxPassthrough.frame(frame, cellHeight: 20, origin: (column: 41, row: 1)).bytes
        #expect(Self.unwrapped(out) == [Array(upload.utf8), Array(("\u{1B}[4;52H" + place).utf8)])
        let outside = String(decoding: out, as: UTF8.self)
        #expect(outside.contains("\u{1B}\\" + text + "\u{1B}Ptmux;") && outside.hasSuffix("\u{1B}\\\u{1B}[0m"),
                "the pane's own cursor move stays outside, as text")
    }

    /// `render` behind tmux: the rows are made first; the first piece saves the outer cursor
    /// at the image's corner, each later one restores it and moves down to its own row, all
    /// inside the passthrough (the cursor's row is not known: no absolute moves); the pane's
    /// cursor then goes below the image.
    @Test func aOneShotPhotoMakesItsRowsAndPlacesItsPiecesFromTheCorner() throws {
        var generator = SplitMix64(seed: 5)
        let image = RGBImage(width: 1600, height: 1200, pixels: (0 ..< 1600 * 1200 * 3).map { i in
            UInt8(clamping: (i / 3 % 1600) / 7 + (i / 4800) / 5 + Int(generator.next() % 9))
        })
        let sixel = try SixelEncoder().encode(image, cells: CellSize(columns: 160, rows: 60))
        #expect(sixel.count > TmuxPassthrough.largestPiece, "not big enough to need splitting")
        let bytes = TmuxPassthrough.oneShot(sixel, kind: .sixel, rows: 60, cellHeight: 20)
        let out = String(decoding: bytes, as: UTF8.self)
        #expect(out.hasPrefix(String(repeating: "\n", count: 60) + "\u{1B}[60A\r\u{1B}Ptmux;"))
        #expect(out.hasSuffix("\u{1B}\\\u{1B}[60B\r"))
        let pieces = Self.unwrapped(bytes)
        #expect(pieces.count > 1)
        #expect(pieces.first?.starts(with: [0x1B, UInt8(ascii: "7")]) == true, "the corner saved")
        var top = 0
        for (index, piece) in pieces.enumerated().dropFirst() {
            let text = String(decoding: piece.prefix(12), as: UTF8.self)
            #expect(text.hasPrefix("\u{1B}8\u{1B}["), "piece \(index) restores the corner: \(text.debugDescription)")
            let row = Int(text.dropFirst(4).prefix { $0.isNumber }) ?? -1
            #expect(row > top, "piece \(index) lower than the one before")
            top = row
        }
        let kitty = "\u{1B}_Ga=T,f=24,s=1,v=1;AAAA\u{1B}\\"
        let wrapped = TmuxPassthrough.oneShot(Array(kitty.utf8), kind: .kitty, rows: 3, cellHeight: 20)
        #expect(Self.unwrapped(wrapped) == [Array(kitty.utf8)])
        #expect(String(decoding: wrapped, as: UTF8.self).hasSuffix("\u{1B}\\\u{1B}[3B\r"))
    }
}
