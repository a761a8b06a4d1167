import CSixel
import PhotoDecoding
import Synchronization

/// DEC sixel through libsixel: palette from the image (or a fixed one), then `sixel_encode`.
///
/// libsixel is the slow stage of the whole pipeline (DESIGN §Speed), so the default options are
/// the fastest that still look like the photo: see `SixelOptions` and the timing test.
/// Every libsixel object is created and released inside `encode`, so the struct is a plain value
/// that can be used from any thread.
public struct SixelEncoder: ImageEncoder {
    public var kind: RendererKind { .sixel }
    public var options: SixelOptions

    public init(options: SixelOptions = .fast) {
        self.options = options
    }

    /// The sixel image is exactly `image`'s pixel size: the terminal, not the cell box, decides how
    /// many cells that covers, so `cells` is only checked, not used.
    public func encode(_ image: RGBImage, cells: CellSize) throws -> [UInt8] {
        guard cells.cols > 0, cells.rows > 0 else {
            throw TerminalGraphicsError.badCellBox(cells, reason: "needs at least one cell")
        }
        // libsixel diffuses quantisation error into its input buffer, so it gets a private copy.
        var pixels = image.pixels
        // Sixel output is usually 0.5–1.5 bytes per pixel; one reservation avoids most regrowth.
        let sink = SixelSink(reserving: image.width * image.height)

        var output: OpaquePointer?
        try check(sixel_output_new(&output, sixelSinkWrite, Unmanaged.passUnretained(sink).toOpaque(), nil),
                  "sixel_output_new")
        defer { sixel_output_unref(output) }

        let dither = try makeDither(&pixels, width: image.width, height: image.height)
        defer { sixel_dither_unref(dither) }
        sixel_dither_set_diffusion_type(dither, options.diffusion.libsixelValue)

        let status = withExtendedLifetime(sink) {
            sixel_encode(&pixels, Int32(image.width), Int32(image.height), 3, dither, output)
        }
        try check(status, "sixel_encode")
        if image.height < 6 { SixelEncoder.dropLeadingNewLine(&sink.bytes) }
        return sink.bytes
    }

    /// libsixel 1.10.3 starts the pixel data of images under 6 rows (one sixel band) with a
    /// graphics new line `-`, which draws them one band — 6 pixels — below the cursor. Removes a
    /// `-` that directly follows the header (DCS, raster attributes, colour definitions).
    static func dropLeadingNewLine(_ bytes: inout [UInt8]) {
        guard var i = bytes.firstIndex(of: UInt8(ascii: "q")) else { return }
        i += 1
        func skipNumbers() {
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) || bytes[i] == UInt8(ascii: ";") {
                i += 1
            }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") { i += 1; skipNumbers() }
        // Colour definitions `#n;2;r;g;b` (or `;1;` HLS); a bare `#n` selects and starts the data.
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") {
            let start = i
            i += 1
            skipNumbers()
            if !bytes[(start + 1)..<i].contains(UInt8(ascii: ";")) { i = start; break }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { bytes.remove(at: i) }
    }

    /// A dither object holding the palette `options` ask for. The caller releases it.
    private func makeDither(_ pixels: inout [UInt8], width: Int, height: Int) throws -> OpaquePointer {
        switch options.palette {
        case .xterm256:
            guard let dither = sixel_dither_get(SIXEL_BUILTIN_XTERM256) else {
                throw TerminalGraphicsError.sixel(call: "sixel_dither_get", status: SIXEL_FALSE)
            }
            sixel_dither_set_pixelformat(dither, SIXEL_PIXELFORMAT_RGB888)
            return dither
        case .adaptive(let colors):
            var dither: OpaquePointer?
            try check(sixel_dither_new(&dither, Int32(min(max(colors, 2), Int(SIXEL_PALETTE_MAX))), nil),
                      "sixel_dither_new")
            guard let dither else {
                throw TerminalGraphicsError.sixel(call: "sixel_dither_new", status: SIXEL_FALSE)
            }
            sixel_dither_set_optimize_palette(dither, options.optimizePalette ? 1 : 0)
            // Median cut sorts through a file-static comparison plane inside libsixel (quant.c),
            // so two palettes built at once on different threads corrupt each other. Only this
            // step is serialised; the mapping and output that follow share no state.
            let status = LibsixelLock.paletteConstruction.withLock { _ in
                sixel_dither_initialize(dither, &pixels, Int32(width), Int32(height), SIXEL_PIXELFORMAT_RGB888,
                                        SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, options.quality.libsixelValue)
            }
            if sixelFailed(status) {
                sixel_dither_unref(dither)
                throw TerminalGraphicsError.sixel(call: "sixel_dither_initialize", status: status)
            }
            return dither
        }
    }
}

/// The lock around libsixel's one non-reentrant step, shared by every encoder value.
enum LibsixelLock {
    static let paletteConstruction = Mutex(())
}

/// libsixel's `SIXEL_FAILED(status)`, a function-like macro Swift does not import.
@inline(__always) func sixelFailed(_ status: SIXELSTATUS) -> Bool { status & 0x1000 != 0 }

private func check(_ status: SIXELSTATUS, _ call: String) throws {
    if sixelFailed(status) { throw TerminalGraphicsError.sixel(call: call, status: status) }
}

/// Collects what libsixel writes. A class so its address can travel through the C `priv` pointer;
/// it lives only for one `encode` call on one thread.
private final class SixelSink {
    var bytes: [UInt8] = []

    init(reserving capacity: Int) {
        bytes.reserveCapacity(capacity)
    }
}

/// libsixel's write callback: append `size` bytes to the `SixelSink` behind `priv`.
private let sixelSinkWrite: sixel_write_function = { data, size, priv in
    guard let data, let priv, size > 0 else { return 0 }
    let sink = Unmanaged<SixelSink>.fromOpaque(priv).takeUnretainedValue()
    data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { bytes in
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(size)))
    }
    return size
}
