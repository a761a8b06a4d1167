import CLcms2
import Glibc
import PhotoPagerBase

/// Every photo's pixels to sRGB, what terminals show: one stage of `PhotoDecoder.decode`, at
/// the size shown (a 12 MP HEIC shown at 800×600 converts 0.5 MP, not 12), or before resampling
/// for samples that only the profile can read (CMYK, linear light). lcms2 does the
/// work; its transforms are made once per profile and shared by the cores (`cmsFLAGS_NOCACHE`:
/// lcms's one-pixel cache is not safe to share), each core converting a band of rows. A
/// profile lcms cannot read, or of a colour space other than RGB, grey or CMYK, leaves the
/// pixels as they are (taken as sRGB).
public enum ColourManagement {
    /// The pixels in sRGB (as they were, for untagged pixels and profiles lcms cannot read:
    /// `describe` words that for the info panel).
    static func toSRGB(_ decoded: DecodedPixels) -> RGBImage {
        if decoded.colour.isSRGB { return decoded.image }
        guard let transform = transform(for: decoded.colour, cmyk: decoded.cmyk != nil, linear: decoded.encodedFromLinear) else {
            return decoded.image
        }
        if transform.isIdentity { return decoded.image }
        let image = decoded.image
        let input: [UInt8]
        switch transform.input {
        case .cmyk: input = decoded.cmyk!
        case .gray: input = stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] }
        case .rgb: input = image.pixels
        }
        let output: [UInt8]
        if transform.linearInput {
            // Back to the file's linear samples, at 16 bits so that no shade is lost.
            let table = (0 ... 255).map { UInt16((sRGBDecode(Double($0) / 255) * 65535).rounded()) }
            output = apply(transform, to: input.map { table[Int($0)] }, width: image.width, height: image.height)
        } else {
            output = apply(transform, to: input, width: image.width, height: image.height)
        }
        return RGBImage(width: image.width, height: image.height, pixels: output)
    }

    /// Runs the transform over the rows, a band per core.
    private static func apply<Sample>(_ transform: Transform, to input: [Sample], width: Int, height: Int) -> [UInt8] {
        let channels = transform.input.channels
        var output = [UInt8](repeating: 0, count: width * height * 3)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let from = SharedBuffer(base: UnsafeMutablePointer(mutating: source.baseAddress!), count: source.count)
                let to = SharedBuffer(base: target.baseAddress!, count: target.count)
                ParallelRows.forEach(height, minimumRows: 32) { _, rows in
                    cmsDoTransform(transform.handle, from.base + rows.lowerBound * width * channels,
                                   to.base + rows.lowerBound * width * 3, UInt32(rows.count * width))
                }
            }
        }
        return output
    }

    /// The colours a photo is shown in, for the info panel: "Display P3 → sRGB", "sRGB",
    /// "unreadable profile: shown as sRGB". `nil` (nothing known) is untagged: sRGB.
    public static func describe(_ colour: ColourSource?) -> String {
        guard let colour, !colour.isSRGB else { return "sRGB" }
        // The transform the decode will use (RGB and grey profiles first: one made, not two).
        guard let transform = transform(for: colour, cmyk: false, linear: false) ?? transform(for: colour, cmyk: true, linear: false) else {
            return "unreadable profile: shown as sRGB"
        }
        var name = transform.name
        if case let .coded(_, transfer) = colour, transfer == 16 || transfer == 18 {
            name += transfer == 16 ? " HDR (PQ)" : " HDR (HLG)"
        }
        return name.hasPrefix("sRGB") && !name.contains("HDR") ? name : name + " → sRGB"
    }

    /// A made transform, kept for the life of the process (a few per run: one per distinct profile).
    final class Transform: @unchecked Sendable {
        enum Input { case rgb, gray, cmyk; var channels: Int { self == .rgb ? 3 : self == .gray ? 1 : 4 } }
        let handle: cmsHTRANSFORM?
        let input: Input
        let name: String
        /// Takes 16-bit linear samples (`DecodedPixels.encodedFromLinear`).
        let linearInput: Bool
        var isIdentity: Bool { handle == nil }

        init(handle: cmsHTRANSFORM?, input: Input, name: String, linearInput: Bool = false) {
            self.handle = handle
            self.input = input
            self.name = name
            self.linearInput = linearInput
        }
        deinit { if let handle { cmsDeleteTransform(handle) } }
    }

    private static let cache = Locked([Int: Transform?]())
    private static let cacheLimit = 64

    static func transform(for colour: ColourSource, cmyk: Bool, linear: Bool) -> Transform? {
        var hasher = Hasher()
        hasher.combine(colour)
        hasher.combine(cmyk)
        hasher.combine(linear)
        let key = hasher.finalize()
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let made = makeTransform(for: colour, cmyk: cmyk, linear: linear)
        cache.withLock { entries in
            if entries.count >= cacheLimit { entries.removeAll() }
            entries[key] = made
        }
        return made
    }

    private static func makeTransform(for colour: ColourSource, cmyk: Bool, linear: Bool) -> Transform? {
        let profile: cmsHPROFILE?
        switch colour {
        case .sRGB: return Transform(handle: nil, input: .rgb, name: "sRGB")
        case .icc(let bytes):
            profile = bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        case let .coded(primaries, transfer):
            profile = rgbProfile(primaries: CodedPrimaries(primaries).chromaticities, curve: curve(transfer: transfer))
        case .chromaticities(let values):
            profile = rgbProfile(primaries: values, curve: curve(transfer: 13))
        }
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        let input: Transform.Input
        let format: UInt32
        switch cmsGetColorSpace(profile) {
        case cmsSigRgbData: (input, format) = (.rgb, linear ? pp_TYPE_RGB_16 : pp_TYPE_RGB_8)
        case cmsSigGrayData: (input, format) = (.gray, pp_TYPE_GRAY_8)
        case cmsSigCmykData where cmyk: (input, format) = (.cmyk, pp_TYPE_CMYK_8_REV)     // Adobe's inverted CMYK
        default: return nil
        }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        let flags = UInt32(cmsFLAGS_NOCACHE)
        guard let handle = cmsCreateTransform(profile, format, sRGB, pp_TYPE_RGB_8, UInt32(INTENT_PERCEPTUAL), flags) else { return nil }
        return Transform(handle: handle, input: input, name: description(of: profile, colour: colour),
                         linearInput: linear && input == .rgb)
    }

    static func sRGBDecode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// The profile's own name ("Display P3"), else what the code points say.
    private static func description(of profile: cmsHPROFILE, colour: ColourSource) -> String {
        if case let .coded(primaries, _) = colour { return CodedPrimaries(primaries).name }
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, UInt32(buffer.count))
        return length > 0 ? CText.string(buffer, otherwise: "an embedded profile") : "an embedded profile"
    }

    private static func rgbProfile(primaries c: [Double], curve: OpaquePointer?) -> cmsHPROFILE? {
        guard c.count == 8, let curve else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: c[0], y: c[1], Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: c[2], y: c[3], Y: 1), Green: cmsCIExyY(x: c[4], y: c[5], Y: 1),
                                     Blue: cmsCIExyY(x: c[6], y: c[7], Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return cmsCreateRGBProfile(&white, &triple, &curves)
    }

    /// H.273 transfer characteristics as a tone curve; PQ and HLG never get here (tone-mapped
    /// to sRGB's curve first), and the BT.709 family is shown on sRGB's curve as displays do.
    private static func curve(transfer: Int) -> OpaquePointer? {
        switch transfer {
        case 8: return cmsBuildGamma(nil, 1.0)
        case 4: return cmsBuildGamma(nil, 2.2)
        case 5: return cmsBuildGamma(nil, 2.8)
        default:
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return cmsBuildParametricToneCurve(nil, 4, &parameters)
        }
    }
}

/// ITU-T H.273 colour primaries: white, red, green, blue chromaticities.
struct CodedPrimaries {
    let chromaticities: [Double]
    let name: String

    init(_ code: Int) {
        let d65 = [0.3127, 0.329]
        switch code {
        case 9: (chromaticities, name) = (d65 + [0.708, 0.292, 0.170, 0.797, 0.131, 0.046], "BT.2020")
        case 12: (chromaticities, name) = (d65 + [0.680, 0.320, 0.265, 0.690, 0.150, 0.060], "Display P3")
        case 11: (chromaticities, name) = ([0.314, 0.351, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060], "DCI-P3")
        case 5: (chromaticities, name) = (d65 + [0.64, 0.33, 0.29, 0.60, 0.15, 0.06], "BT.601 (625 lines)")
        case 6, 7: (chromaticities, name) = (d65 + [0.630, 0.340, 0.310, 0.595, 0.155, 0.070], "BT.601 (525 lines)")
        case 4: (chromaticities, name) = ([0.310, 0.316, 0.67, 0.33, 0.21, 0.71, 0.14, 0.08], "BT.470 M")
        default: (chromaticities, name) = (d65 + [0.64, 0.33, 0.30, 0.60, 0.15, 0.06], "sRGB")
        }
    }
}
