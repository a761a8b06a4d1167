import CSixel

/// How libsixel turns 24-bit pixels into at most 256 sixel colours — the speed/quality dial.
///
/// Measured at 1000×667 on Storm.jpg (2-core box, `SIXEL_BENCH=1 swift test --filter
/// SixelTimingTests`): building the palette is ~1 ms at `.low`; libsixel's sixel writer is a
/// ~12 ms floor for 256 colours; mapping pixels to the palette adds ~6 ms, error diffusion another
/// ~16 ms. `.low` and `.high` give identical palettes here; `.full` is 10× slower. Fewer colours
/// save little (128: −3 ms, −0.3 dB). chafa needs ~46–55 ms for the same picture, whole process.
public struct SixelOptions: Sendable, Hashable {
    /// Where the palette comes from.
    public enum Palette: Sendable, Hashable {
        /// Median cut over this image's colours, 2...256 of them: best colours, costs a histogram.
        case adaptive(colors: Int)
        /// libsixel's fixed xterm-256 palette: no histogram at all, but banding on smooth skies.
        case xterm256
    }

    /// How quantisation error spreads to neighbouring pixels.
    public enum Diffusion: Sendable, Hashable, CaseIterable {
        /// Nearest colour only: fastest, and fine with a good adaptive palette.
        case none
        /// Bill Atkinson's: spreads 3/4 of the error, so it keeps contrast and is cheaper than FS.
        case atkinson
        /// Floyd–Steinberg: smoothest gradients.
        case floydSteinberg
        /// Positionally stable arithmetic dither: no error buffer, cheap, no crawling when the same
        /// photo is redrawn at a slightly different size.
        case arithmetic

        var libsixelValue: Int32 {
            switch self {
            case .none: return SIXEL_DIFFUSE_NONE
            case .atkinson: return SIXEL_DIFFUSE_ATKINSON
            case .floydSteinberg: return SIXEL_DIFFUSE_FS
            case .arithmetic: return SIXEL_DIFFUSE_A_DITHER
            }
        }
    }

    /// libsixel's histogram precision for the adaptive palette.
    public enum Quality: Sendable, Hashable, CaseIterable {
        /// Samples a reduced histogram: much faster, slightly worse palette.
        case low
        /// The full histogram, libsixel's default for img2sixel.
        case high
        /// `high` plus more colour resolution.
        case full

        var libsixelValue: Int32 {
            switch self {
            case .low: return SIXEL_QUALITY_LOW
            case .high: return SIXEL_QUALITY_HIGH
            case .full: return SIXEL_QUALITY_FULL
            }
        }
    }

    public var palette: Palette
    public var diffusion: Diffusion
    public var quality: Quality
    /// Drop palette entries the image does not use (`sixel_dither_set_optimize_palette`): a shorter
    /// header for the terminal to parse, and measured 2–4 ms faster since the writer skips them.
    public var optimizePalette: Bool

    public init(palette: Palette = .adaptive(colors: 256), diffusion: Diffusion = .none,
                quality: Quality = .low, optimizePalette: Bool = true) {
        self.palette = palette
        self.diffusion = diffusion
        self.quality = quality
        self.optimizePalette = optimizePalette
    }

    /// The browsing default, ~18 ms and 36.2 dB: an adaptive palette carries a photo well without
    /// dithering, and no diffusion also means no dither noise to crawl when the user flips pages.
    public static let fast = SixelOptions()
    /// Atkinson diffusion against banding in skies, for a photo the user has stopped on: ~34 ms.
    public static let balanced = SixelOptions(diffusion: .atkinson, quality: .low)
    /// What img2sixel does by default, Floyd–Steinberg: ~36 ms and about twice the bytes.
    public static let best = SixelOptions(diffusion: .floydSteinberg, quality: .high)
}
