import CSixel
import PhotoDecoding
import Synchronization

/// Up to 256 colours for one photo, chosen by libsixel's median cut: the step of sixel
/// encoding where its quality matters most and its speed (~1 ms) is fine.
enum SixelPalette {
    static func medianCut(_ image: RGBImage, colors: Int, quality: SixelOptions.Quality) throws -> [RGB] {
        var dither: OpaquePointer?
        try check(sixel_dither_new(&dither, Int32(min(max(colors, 2), Int(SIXEL_PALETTE_MAX))), nil), "sixel_dither_new")
        guard let dither else { throw TerminalGraphicsError.sixel(call: "sixel_dither_new", status: SIXEL_FALSE) }
        defer { sixel_dither_unref(dither) }
        // libsixel only reads the pixels here, but its signature takes a mutable pointer.
        var pixels = image.pixels
        // Median cut sorts through a file-static comparison plane inside libsixel (quant.c),
        // so two palettes built at once on different threads corrupt each other.
        let status = LibsixelLock.paletteConstruction.withLock { _ in
            sixel_dither_initialize(dither, &pixels, Int32(image.width), Int32(image.height), SIXEL_PIXELFORMAT_RGB888,
                                    SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, quality.libsixelValue)
        }
        try check(status, "sixel_dither_initialize")
        let count = Int(sixel_dither_get_num_of_palette_colors(dither))
        guard count > 0, let entries = sixel_dither_get_palette(dither) else {
            throw TerminalGraphicsError.sixel(call: "sixel_dither_get_palette", status: SIXEL_FALSE)
        }
        return (0 ..< count).map { RGB(r: entries[$0 * 3], g: entries[$0 * 3 + 1], b: entries[$0 * 3 + 2]) }
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
