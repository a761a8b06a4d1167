import Foundation
import PhotoPagerBase

extension VirtualScreen {
    mutating func escDispatch(intermediates: [UInt8], final: UInt8) {
        guard intermediates.isEmpty else { return } // charset designations etc.: not modelled
        switch final {
        case UInt8(ascii: "7"): saveCursor()
        case UInt8(ascii: "8"): restoreCursor()
        case UInt8(ascii: "D"): pendingWrap = false; lastPrinted = nil; lineFeed()
        case UInt8(ascii: "E"): pendingWrap = false; lastPrinted = nil; cursor.column = 0; lineFeed()
        case UInt8(ascii: "M"): moveCursor(column: cursor.column, row: cursor.row - 1)
        case UInt8(ascii: "c"): self = VirtualScreen(columns: columns, rows: rows, cellPixelSize: cellPixelSize)
        default: break // ST (`ESC \`) ends strings; nothing to do on its own
        }
    }

    /// OSC 8 (hyperlinks), 52 (clipboard) and 1337 `File=` (iTerm2 images); others are ignored.
    mutating func oscDispatch(_ data: [UInt8]) {
        guard let separator = data.firstIndex(of: UInt8(ascii: ";")) else { return }
        let command = String(decoding: data[..<separator], as: UTF8.self)
        let rest = data[(separator + 1)...]
        switch command {
        case "8":
            guard let uriStart = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
            let uri = String(decoding: rest[(uriStart + 1)...], as: UTF8.self)
            link = uri.isEmpty ? nil : uri
        case "52":
            guard let payloadStart = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
            let selection = String(decoding: rest[..<payloadStart], as: UTF8.self)
            let payload = String(decoding: rest[(payloadStart + 1)...], as: UTF8.self)
            guard payload != "?", let decoded = Data(base64Encoded: payload) else { return }
            clipboard.append(ClipboardWrite(selection: selection, text: String(decoding: decoded, as: UTF8.self)))
        case "1337":
            iTerm2File(rest)
        default:
            break
        }
    }

    /// `File=key=value;…:base64` — an inline image is drawn at the cursor; its size in cells comes
    /// from `width`/`height` (cells, `Npx`, `N%`, `auto`), `auto` using the PNG's own size.
    private mutating func iTerm2File(_ data: ArraySlice<UInt8>) {
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix("File=") else { return }
        let header = text.dropFirst(5).prefix { $0 != ":" }
        var arguments: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { arguments[String(parts[0])] = String(parts[1]) }
        }
        guard arguments["inline"] == "1" else { return }
        let payload = text.drop { $0 != ":" }.dropFirst()
        let pixels = Self.imageSize(base64: payload)
        let width = cells(arguments["width"], pixels: pixels?.width, cell: cellPixelSize.width, screen: columns)
        let height = cells(arguments["height"], pixels: pixels?.height, cell: cellPixelSize.height, screen: rows)
        drawPixelImage(.iterm2, pixelSize: pixels, columns: width, rows: height)
    }

    private func cells(_ value: String?, pixels: Int?, cell: Int, screen: Int) -> Int {
        let value = value ?? "auto"
        if value == "auto" { return max(1, ((pixels ?? cell) + cell - 1) / cell) }
        if value.hasSuffix("px"), let px = Int(value.dropLast(2)) { return max(1, (px + cell - 1) / cell) }
        if value.hasSuffix("%"), let percent = Int(value.dropLast()) { return max(1, screen * percent / 100) }
        return max(1, Int(value) ?? 1)
    }

    /// Width and height of a base64 PNG (its IHDR, bytes 16…23) or JPEG (its SOF segment).
    static func imageSize(base64: Substring) -> PixelSize? {
        let usable = base64.prefix { $0 != "\u{07}" && $0 != "\u{1B}" }
        guard let bytes = Data(base64Encoded: String(usable.prefix(usable.count / 4 * 4))).map(Array.init) else { return nil }
        func int(_ at: Int, _ count: Int) -> Int { bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
        if bytes.count >= 24, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            return PixelSize(width: int(16, 4), height: int(20, 4))
        }
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 9 < bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if (0xC0 ... 0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return PixelSize(width: int(at + 7, 2), height: int(at + 5, 2))
            }
            at += 2 + int(at + 2, 2)
        }
        return nil
    }

    /// Draws a sixel or iTerm2 image at the cursor: marks its cells, then moves the cursor to the
    /// row below it at the image's left column, scrolling first when that row is off screen (what
    /// xterm does with sixel scrolling on, and why apps keep such images off the last row).
    mutating func drawPixelImage(_ kind: ImageKind, pixelSize: PixelSize?, columns width: Int, rows height: Int) {
        let origin = cursor
        let below = origin.row + height
        let overflow = max(0, below - (rows - 1))
        if overflow > 0 { scrollUp(overflow) }
        let top = origin.row - overflow
        let rect = Rect(x: origin.column, y: top, width: min(width, columns - origin.column), height: height)
        let serial = nextImageSerial
        nextImageSerial += 1
        let image = Image(kind: kind, rect: rect, pixelSize: pixelSize, kittyImageID: nil, serial: serial)
        for row in max(0, rect.y)..<min(rows, rect.maxY) {
            breakWideCharacters(row: row, from: rect.x, to: rect.maxX)
            for column in rect.x..<rect.maxX {
                buffer.cells[row * columns + column] = Cell(imageSerial: serial)
            }
        }
        buffer.pixelImages[serial] = image
        if imagesOnOwnLayer {
            buffer.layerImages.removeAll { rect.intersection($0.rect) == $0.rect }
            buffer.layerImages.append(image)
        }
        drawnImages.append(image)
        pendingWrap = false
        lastPrinted = nil
        cursor = Position(column: origin.column, row: min(rows - 1, top + height))
    }
}
