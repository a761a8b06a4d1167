import PhotoPagerBase
import TerminalGraphics
import Testing
import TestSupport
import TerminalUI

/// Random frames, each a random edit of the last (so the diff is exercised, not just full
/// redraws): after every render the virtual screen must show exactly the frame, with each image
/// that can be shown in its box and nothing stale anywhere.
@Suite("FrameWriter: random frames")
struct FrameWriterPropertyTests {
    static let columns = 24, rows = 8
    static let characters: [Character] = ["a", "b", "Z", " ", "é", "-", "漢", "字", "😀", "ß", "▀"]
    static let styles: [Style] = [
        Style(), Style(bold: true), Style(foreground: .indexed(1)), Style(foreground: .rgb(9, 99, 199), background: .indexed(236)),
        Style(reverse: true, underline: true), Style(background: .rgb(40, 40, 40), dim: true),
    ]
    static let links: [String?] = [nil, nil, nil, "https://unsplash.com/a", "https://unsplash.com/b"]

    @Test(arguments: [RendererKind.sixel, .kitty, .blocks])
    func screenAlwaysEqualsTheFrame(kind: RendererKind) throws {
        var random = SplitMix64(seed: 0x5EED + UInt64(kind.rawValue.count))
        var writer = FrameWriter()
        var screen = VirtualScreen(columns: Self.columns, rows: Self.rows, cellPixelSize: FakeImages.cell)
        var frame = Frame(columns: Self.columns, rows: Self.rows)
        for iteration in 0..<200 {
            edit(&frame, using: &random)
            frame.images = randomPlacements(using: &random)
            if random.next() % 25 == 0 { writer.invalidate() }
            let notReady = Bool.random(using: &random) ? Set<String>() : ["p2"]
            let bytes = writer.render(frame) { content in
                guard kind == .kitty || !notReady.contains(content.photoID) else { return nil }
                return Self.encoded(kind, content)
            }
            screen.feed(bytes)

            let shown = frame.images.filter { placement in
                kind == .kitty || !notReady.contains(placement.content.photoID)
            }.map(\.rect).filter { kind != .sixel || $0.maxY < Self.rows }
            let problems = mismatches(screen, frame.clippingWideCharacters(at: shown), skipping: shown)
            #expect(problems.isEmpty, "iteration \(iteration): \(problems.prefix(3))\n\(screen)")
            #expect(screen.scrolledLines == 0)
            switch kind {
            case .sixel, .kitty:
                #expect(Set(screen.images.map(\.rect)) == Set(shown), "iteration \(iteration)")
                #expect(screen.images.count == shown.count, "no stale images, iteration \(iteration)")
            default:
                for rect in shown {
                    for row in rect.y..<rect.maxY {
                        for column in rect.x..<rect.maxX { #expect(screen.cell(column, row).character == "▀") }
                    }
                }
            }
            if problems.count > 0 { break }
        }
        #expect(screen.kittyErrors.isEmpty)
    }

    static func encoded(_ kind: RendererKind, _ content: ImageContent) -> EncodedImage? {
        let cells = (content.pixelSize.width / 10, content.pixelSize.height / 20)
        switch kind {
        case .sixel: return FakeImages.sixel(content.pixelSize)
        case .kitty: return try? FakeImages.kitty(.init(width: 4, height: 4), cells: CellSize(columns: cells.0, rows: cells.1))
        default: return try? FakeImages.blocks(columns: cells.0, rows: cells.1)
        }
    }

    /// Up to two non-overlapping boxes from a small set of positions and photos, so the same
    /// image often stays, moves, changes or goes.
    private func randomPlacements(using random: inout SplitMix64) -> [ImagePlacement] {
        var placements: [ImagePlacement] = []
        for _ in 0..<Int(random.next() % 3) {
            let x = Int(random.next() % 5) * 4, y = Int(random.next() % 4) * 2
            let box = Rect(x: x, y: y, width: 2 + Int(random.next() % 3), height: 1 + Int(random.next() % 2))
            guard !placements.contains(where: { $0.rect.intersection(box) != nil }) else { continue }
            placements.append(ImagePlacement(rect: box, content: FakeImages.content("p\(random.next() % 3)", cells: box)))
        }
        return placements
    }

    /// A few random writes (sometimes a whole new screen), then wide characters repaired so the
    /// frame is valid, as views produce it.
    private func edit(_ frame: inout Frame, using random: inout SplitMix64) {
        let writes = random.next() % 10 == 0 ? Self.columns * Self.rows : Int(random.next() % 6)
        for _ in 0..<writes {
            let column = Int(random.next() % UInt64(Self.columns)), row = Int(random.next() % UInt64(Self.rows))
            let text = String((0..<Int(1 + random.next() % 4)).map { _ in Self.characters.randomElement(using: &random)! })
            frame.put(text, column: column, row: row, style: Self.styles.randomElement(using: &random)!,
                      link: Self.links.randomElement(using: &random)!)
        }
        for row in 0..<Self.rows {
            for column in 0..<Self.columns {
                let cell = frame[column, row]
                let wide = !cell.isContinuation && TerminalText.displayWidth(of: cell.character) == 2
                let hasRightHalf = column + 1 < Self.columns && frame[column + 1, row].isContinuation
                let hasLeftHalf = column > 0 && !frame[column - 1, row].isContinuation
                    && TerminalText.displayWidth(of: frame[column - 1, row].character) == 2
                if (wide && !hasRightHalf) || (cell.isContinuation && !hasLeftHalf) {
                    frame[column, row] = Cell(" ", style: cell.style)
                }
            }
        }
    }
}
