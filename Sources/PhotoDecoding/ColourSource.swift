/// The colours a decoder's pixels are in, handed on with them so that one stage converts every
/// format to sRGB (what terminals show). Untagged pixels are sRGB.
public enum ColourSource: Sendable, Hashable {
    case sRGB
    /// An embedded ICC profile's bytes.
    case icc([UInt8])
    /// ITU-T H.273 code points (HEIF/AVIF `nclx`, JPEG XL's enumerated colour encodings):
    /// 1 = BT.709/sRGB primaries, 9 = BT.2020, 12 = Display P3; transfer 13 = sRGB, 16 = PQ, 18 = HLG.
    case coded(primaries: Int, transfer: Int)
    /// A PNG's `cHRM` (white, red, green, blue as x, y), its values already on sRGB's curve.
    case chromaticities([Double])

    /// Pixels that need no conversion.
    var isSRGB: Bool {
        switch self {
        case .sRGB: true
        case .icc: false
        case let .coded(primaries, transfer): primaries <= 2 && [1, 2, 6, 13, 14, 15].contains(transfer)
        case let .chromaticities(values):
            // ImageMagick writes sRGB's own cHRM into every PNG.
            zip(values, [0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06]).allSatisfy { abs($0 - $1) < 0.002 }
        }
    }
}

/// What a decoder returns: pixels as stored (orientation still to apply) and their colours.
struct DecodedPixels {
    var image: RGBImage
    var colour: ColourSource = .sRGB
    /// A CMYK JPEG's own samples (Adobe's inverted CMYK), for its CMYK profile; `image` holds
    /// them converted without one.
    var cmyk: [UInt8]?
    /// The file's samples were linear and the decoder put them on sRGB's curve (libpng's
    /// simplified reader does that to a 16-bit PNG without gAMA): undone before the profile.
    var encodedFromLinear = false
}
