/// The colours a decoder's pixels are in, handed on with them so that one stage converts every
/// format to sRGB (what terminals show). Untagged pixels are sRGB.
public enum ColourSource: Sendable, Equatable {
    case sRGB
    /// An embedded ICC profile's bytes.
    case icc([UInt8])
    /// ITU-T H.273 code points (HEIF/AVIF `nclx`, JPEG XL's enumerated colour encodings):
    /// 1 = BT.709/sRGB primaries, 9 = BT.2020, 12 = Display P3; transfer 13 = sRGB, 16 = PQ, 18 = HLG.
    case coded(primaries: Int, transfer: Int)

    /// Pixels that need no conversion.
    var isSRGB: Bool {
        switch self {
        case .sRGB: true
        case .icc: false
        case let .coded(primaries, transfer): primaries <= 2 && [1, 2, 6, 13, 14, 15].contains(transfer)
        }
    }
}

/// What a decoder returns: pixels as stored (orientation still to apply) and their colours.
struct DecodedPixels {
    var image: RGBImage
    var colour: ColourSource = .sRGB
}
