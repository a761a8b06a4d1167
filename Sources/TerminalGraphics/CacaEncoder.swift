import PhotoPagerBase
import CCaca
import Glibc
import PhotoDecoding

/// libcaca's coloured text art: the image dithered onto a `columns × rows` canvas of 16-colour cells,
/// exported as UTF-8 with ANSI SGR. The renderer for terminals without 256 colours (the Linux
/// console), where half blocks would collapse to a few flat colours.
///
/// Any image size works (libcaca resamples onto the canvas), but `fittedBlockSize` gives the one
/// with the right proportions. Each line ends with `CSI 0 m` from libcaca; lines are joined with
/// `lineBreak` and there is no break after the last.
public struct CacaEncoder: ImageEncoder {
    /// Glyphs libcaca may use (`caca_set_dither_charset`).
    public enum Charset: String, Sendable, CaseIterable {
        /// `' ' . : ; t % S X @ 8`: survives any font.
        case ascii
        /// `' ' · ░ ▒`: smoother, needs a font with the shade blocks.
        case shades
        /// `' ' ▘ ▚`: quadrant blocks.
        case blocks
    }

    /// libcaca's dithering algorithms (`caca_set_dither_algorithm`).
    public enum Dithering: String, Sendable, CaseIterable {
        case none
        case ordered2
        case ordered4
        case ordered8
        case random
        /// Floyd–Steinberg, libcaca's default: the best with 16 colours.
        case fstein
    }

    public var kind: RendererKind { .caca }
    public var charset: Charset
    public var dithering: Dithering
    public var lineBreak: LineBreak
    /// Keep libcaca's SGR 5 (blink) beside bright backgrounds (100–107). The Linux console ignores
    /// 100–107 and shows the blink bit as a bright background instead, so it needs it; every other
    /// terminal would make the text blink, so by default it is removed.
    public var linuxConsole: Bool

    public init(charset: Charset = .ascii, dithering: Dithering = .fstein, lineBreak: LineBreak = .newline,
                linuxConsole: Bool = false) {
        self.charset = charset
        self.dithering = dithering
        self.lineBreak = lineBreak
        self.linuxConsole = linuxConsole
    }

    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard cells.columns > 0, cells.rows > 0 else {
            throw TerminalGraphicsError.badCellBox(cells, reason: "needs at least one cell")
        }
        let exported = try CacaLock.dithering.withLock { renders in
            renders += 1
            return try render(image, cells: cells)
        }
        return rejoinLines(linuxConsole ? exported : CacaEncoder.removingBlink(exported))
    }

    /// Canvas, dither, export; everything libcaca allocates is freed before returning.
    private func render(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard let canvas = caca_create_canvas(Int32(cells.columns), Int32(cells.rows)) else {
            throw TerminalGraphicsError.caca(call: "caca_create_canvas")
        }
        defer { caca_free_canvas(canvas) }
        // 24 bpp reads three bytes as a little-endian integer (dither.c, get_rgba_default), so
        // R, G, B in memory are the low, middle and high bytes; big-endian hosts see the reverse.
        let littleEndian = 1.littleEndian == 1
        let red: UInt32 = littleEndian ? 0x0000FF : 0xFF0000
        let blue: UInt32 = littleEndian ? 0xFF0000 : 0x0000FF
        guard let dither = caca_create_dither(24, Int32(image.width), Int32(image.height), Int32(image.width * 3),
                                              red, 0x00FF00, blue, 0) else {
            throw TerminalGraphicsError.caca(call: "caca_create_dither")
        }
        defer { caca_free_dither(dither) }
        guard caca_set_dither_charset(dither, charset.rawValue) == 0 else {
            throw TerminalGraphicsError.caca(call: "caca_set_dither_charset")
        }
        guard caca_set_dither_algorithm(dither, dithering.rawValue) == 0 else {
            throw TerminalGraphicsError.caca(call: "caca_set_dither_algorithm")
        }
        let drawn = image.pixels.withUnsafeBytes { pixels in
            caca_dither_bitmap(canvas, 0, 0, Int32(cells.columns), Int32(cells.rows), dither, pixels.baseAddress)
        }
        guard drawn == 0 else { throw TerminalGraphicsError.caca(call: "caca_dither_bitmap") }

        var size = 0
        guard let memory = caca_export_canvas_to_memory(canvas, "utf8", &size) else {
            throw TerminalGraphicsError.caca(call: "caca_export_canvas_to_memory")
        }
        defer { free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: size))
    }

    /// libcaca ends every line with `\n`, the last included; swap those for `lineBreak` between
    /// lines and drop the final one, as the half-block encoder does.
    private func rejoinLines(_ exported: [UInt8]) -> [UInt8] {
        var lines = exported.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var out: [UInt8] = []
        out.reserveCapacity(exported.count + lines.count * 8)
        for (index, line) in lines.enumerated() {
            if index > 0 { lineBreak.append(to: &out) }
            out.append(contentsOf: line)
        }
        return out
    }
}

extension CacaEncoder {
    /// `bytes` with the parameter `5` taken out of every SGR (`ESC [ … m`), and SGRs left empty by
    /// that dropped entirely (an empty SGR would mean "reset").
    static func removingBlink(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == escape, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            var end = i + 2
            while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                end += 1
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "m") else {
                out.append(contentsOf: bytes[i..<min(end + 1, bytes.count)])
                i = end + 1
                continue
            }
            let kept = bytes[(i + 2)..<end].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
                .filter { !$0.elementsEqual([UInt8(ascii: "5")]) }
            if !kept.isEmpty {
                out.append(contentsOf: [escape, UInt8(ascii: "[")])
                out.append(contentsOf: kept.joined(separator: [UInt8(ascii: ";")]))
                out.append(UInt8(ascii: "m"))
            }
            i = end + 1
        }
        return out
    }
}

/// libcaca keeps its dithering state (ordered-dither tables, colour lookup) in file-static
/// variables and says it does "not wish to be thread-safe" (dither.c), so every use goes through
/// this one lock. It counts the renders: a lock around nothing (`Locked(())`) would put its
/// zero-sized value at the address of the mutex pointer, which ThreadSanitizer then reports as a
/// race between taking the lock and using it.
enum CacaLock {
    static let dithering = Locked(0)
}
