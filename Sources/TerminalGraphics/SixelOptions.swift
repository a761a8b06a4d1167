import CSixel

/// The quality dial of sixel encoding: how many colours, and how carefully libsixel's median
/// cut picks them. Both defaults were measured on Storm.jpg at 1000×667 (see the closing note
/// of issue 2 and `make bench`): 256 colours at `.low` decode back at ~36 dB, and `.high`
/// gives the same palette at higher cost.
public struct SixelOptions: Sendable, Hashable {
    /// libsixel's histogram precision for the median cut.
    public enum Quality: Sendable, Hashable, CaseIterable {
        /// Samples a reduced histogram: much faster, the same palette on photos.
        case low
        /// The full histogram, libsixel's default for img2sixel.
        case high
        /// `high` plus more colour resolution: ten times slower.
        case full

        var libsixelValue: Int32 {
            switch self {
            case .low: return SIXEL_QUALITY_LOW
            case .high: return SIXEL_QUALITY_HIGH
            case .full: return SIXEL_QUALITY_FULL
            }
        }
    }

    /// Palette size, 2…256.
    public var colors: Int
    public var quality: Quality

    public init(colors: Int = 256, quality: Quality = .low) {
        self.colors = min(max(colors, 2), 256)
        self.quality = quality
    }
}
