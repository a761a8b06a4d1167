import CFormatLibraries
import CJxl

/// JPEG XL through libjxl 0.7 (loaded on the first JPEG XL), which has no colour management of its own: an image stored in
/// XYB (most lossy ones) is asked for in sRGB, which libjxl then renders itself; one kept in
/// its original space comes out in it, and its profile (`TARGET_DATA`, never `ORIGINAL`: XYB
/// would come out as linear sRGB) goes to colour management. The orientation is kept as
/// stored and applied by the caller from the header; an animation shows its first frame.
enum JXLDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, background: RGB) throws -> DecodedPixels {
        try FormatLibrary.jxl.require()
        guard let decoder = JxlDecoderCreate(nil) else { throw DecodeError.unsupported("libjxl failed to start") }
        defer { JxlDecoderDestroy(decoder) }
        let runner = JxlThreadParallelRunnerCreate(nil, ParallelRows.cores)
        defer { if let runner { JxlThreadParallelRunnerDestroy(runner) } }
        if let runner { JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner) }
        let events = Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue)
        guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS else { throw DecodeError.unsupported("libjxl refused its events") }
        JxlDecoderSetKeepOrientation(decoder, JXL_TRUE)
        JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE)
        JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        JxlDecoderCloseInput(decoder)
        var info = JxlBasicInfo()
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var pixels: [UInt8] = []
        var colour = ColourSource.sRGB
        while true {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO:
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else { throw DecodeError.corrupt("bad JPEG XL header") }
                let (count, overflow) = Int(info.xsize).multipliedReportingOverflow(by: Int(info.ysize))
                guard !overflow, count <= maxPixels else {
                    throw DecodeError.tooLarge(width: Int(info.xsize), height: Int(info.ysize), limit: maxPixels)
                }
            case JXL_DEC_COLOR_ENCODING:
                colour = try outputColour(decoder, format: &format, original: info.uses_original_profile != 0)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var size = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS,
                      size == Int(info.xsize) * Int(info.ysize) * 4 * (format.data_type == JXL_TYPE_UINT16 ? 2 : 1) else {
                    throw DecodeError.corrupt("JPEG XL output size")
                }
                pixels = [UInt8](repeating: 0, count: size)
                let status = pixels.withUnsafeMutableBytes { JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, size) }
                guard status == JXL_DEC_SUCCESS else { throw DecodeError.corrupt("libjxl refused the output buffer") }
            case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                guard !pixels.isEmpty else { throw DecodeError.corrupt("JPEG XL has no image") }
                return finish(pixels, info: info, format: format, colour: colour, background: background)
            case JXL_DEC_NEED_MORE_INPUT:
                throw DecodeError.truncated("JPEG XL data ends early")
            default:
                throw DecodeError.corrupt("libjxl could not decode it")
            }
        }
    }

    /// What colours the pixels will come in, after asking for sRGB where libjxl can render it.
    /// An HDR original (PQ, HLG) is asked for as 16-bit samples, to be tone-mapped.
    private static func outputColour(_ decoder: OpaquePointer, format: inout JxlPixelFormat, original: Bool) throws -> ColourSource {
        var encoded = JxlColorEncoding()
        let hasEncoded = JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoded) == JXL_DEC_SUCCESS
        if hasEncoded, [JXL_TRANSFER_FUNCTION_PQ, JXL_TRANSFER_FUNCTION_HLG].contains(encoded.transfer_function) {
            format.data_type = JXL_TYPE_UINT16
            let primaries = encoded.primaries == JXL_PRIMARIES_2100 ? 9 : encoded.primaries == JXL_PRIMARIES_P3 ? 12 : 1
            return .coded(primaries: primaries, transfer: encoded.transfer_function == JXL_TRANSFER_FUNCTION_PQ ? 16 : 18)
        }
        if !original {
            var sRGB = JxlColorEncoding()
            sRGB.color_space = JXL_COLOR_SPACE_RGB
            sRGB.white_point = JXL_WHITE_POINT_D65
            sRGB.primaries = JXL_PRIMARIES_SRGB
            sRGB.transfer_function = JXL_TRANSFER_FUNCTION_SRGB
            sRGB.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL
            if JxlDecoderSetPreferredColorProfile(decoder, &sRGB) == JXL_DEC_SUCCESS { return .sRGB }
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS, size > 0 else {
            return .sRGB
        }
        var profile = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size) == JXL_DEC_SUCCESS else {
            return .sRGB
        }
        return .icc(profile)
    }

    private static func finish(_ pixels: [UInt8], info: JxlBasicInfo, format: JxlPixelFormat, colour: ColourSource,
                               background: RGB) -> DecodedPixels {
        let width = Int(info.xsize), height = Int(info.ysize)
        var rgba = pixels, colour = colour
        if format.data_type == JXL_TYPE_UINT16 {
            (rgba, colour) = pixels.withUnsafeBytes { raw in
                ToneCurve.eightBit(raw.bindMemory(to: UInt16.self).baseAddress!, width: width, height: height, rowSamples: width * 4,
                                   significantBits: 16, colour: colour)
            }
        }
        let rgb = info.alpha_bits > 0 ? AlphaBlend.flatten(rgba: rgba, over: background) : AlphaBlend.dropAlpha(rgba)
        return DecodedPixels(image: RGBImage(width: width, height: height, pixels: rgb), colour: colour)
    }

    /// The header from the first bytes: the codestream's size and orientation.
    static func header(_ bytes: UnsafeRawBufferPointer) throws -> ImageHeader {
        try FormatLibrary.jxl.require()
        guard let decoder = JxlDecoderCreate(nil) else { throw DecodeError.unsupported("libjxl failed to start") }
        defer { JxlDecoderDestroy(decoder) }
        guard JxlDecoderSubscribeEvents(decoder, Int32(JXL_DEC_BASIC_INFO.rawValue)) == JXL_DEC_SUCCESS else {
            throw DecodeError.unsupported("libjxl refused its events")
        }
        JxlDecoderSetKeepOrientation(decoder, JXL_TRUE)
        JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        var info = JxlBasicInfo()
        switch JxlDecoderProcessInput(decoder) {
        case JXL_DEC_BASIC_INFO:
            guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else { throw DecodeError.corrupt("bad JPEG XL header") }
        case JXL_DEC_NEED_MORE_INPUT: throw DecodeError.truncated("JPEG XL header")
        default: throw DecodeError.corrupt("bad JPEG XL header")
        }
        let orientation = Orientation(rawValue: Int(info.orientation.rawValue)) ?? .up
        return ImageHeader(format: .jxl, storedWidth: Int(info.xsize), storedHeight: Int(info.ysize), exif: nil, orientation: orientation)
    }
}
