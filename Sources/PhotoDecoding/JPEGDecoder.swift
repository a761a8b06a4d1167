import CTurboJPEG

/// JPEG through libjpeg-turbo, letting the IDCT shrink the image (1/2, 1/4, 1/8…) so a 17 MP
/// photo bound for an 800-pixel-wide box never exists at full size in memory.
enum JPEGDecoder {
    /// `keepingCMYK`: a CMYK JPEG's own samples are handed on too, for its profile.
    static func decode(_ bytes: UnsafeRawBufferPointer, atLeast target: (width: Int, height: Int),
                       reserving reserve: (@Sendable (Int) -> Void)? = nil, keepingCMYK: Bool = false) throws -> DecodedPixels {
        guard let handle = tjInitDecompress() else { throw DecodeError.unsupported("turbojpeg failed to start") }
        defer { tjDestroy(handle) }
        let jpeg = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        guard tjDecompressHeader3(handle, jpeg, UInt(bytes.count), &width, &height, &subsampling, &colourspace) == 0 else {
            throw DecodeError.corrupt(message(handle))
        }
        let (w, h, factor) = scaledSize(width: Int(width), height: Int(height), atLeast: target)
        if let needed = ProgressiveScans.highestCoefficient(scaleNumerator: Int(factor.num), denominator: Int(factor.denom)),
           let length = ProgressiveScans.prefixLength(bytes, needed: needed) {
            var prefix = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[0 ..< length]))
            prefix += [0xFF, 0xD9]                                      // end of image
            return try prefix.withUnsafeBytes { try decode($0, atLeast: target, reserving: reserve, keepingCMYK: keepingCMYK) }
        }
        if let reserve, ProgressiveScans.isProgressive(bytes) {
            reserve(coefficientBytes(width: Int(width), height: Int(height), subsampling: subsampling))
        }
        // CMYK/YCCK JPEGs cannot be converted to RGB by turbojpeg: take CMYK and convert here.
        let isCMYK = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
        let channels = isCMYK ? 4 : 3
        let flags = TJFLAG_FASTUPSAMPLE | TJFLAG_FASTDCT
        var status: Int32 = 0
        // turbojpeg writes every byte (a truncated file's missing rows come out grey), so the
        // buffer needs no zeroing first.
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * channels) { out, initialised in
            status = tjDecompress2(handle, jpeg, UInt(bytes.count), out.baseAddress, Int32(w), 0, Int32(h),
                                   Int32(isCMYK ? TJPF_CMYK.rawValue : TJPF_RGB.rawValue), flags)
            initialised = out.count
        }
        // A warning (e.g. a truncated file) still leaves a usable, partly grey image: show it.
        if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
            throw DecodeError.corrupt(message(handle))
        }
        return DecodedPixels(image: RGBImage(width: w, height: h, pixels: isCMYK ? adobeCMYKToRGB(pixels) : pixels),
                             cmyk: isCMYK && keepingCMYK ? pixels : nil)
    }

    /// What libjpeg holds while decoding a progressive JPEG: every component's DCT coefficients
    /// for the whole photo, 64 of 2 bytes per 8×8 block, over whole MCUs (luma has a block per
    /// 8×8 pixels of an MCU, each chroma component one block per MCU).
    static func coefficientBytes(width: Int, height: Int, subsampling: Int32) -> Int {
        let (mcuWidth, mcuHeight): (Int, Int)
        switch subsampling {
        case Int32(TJSAMP_422.rawValue): (mcuWidth, mcuHeight) = (16, 8)
        case Int32(TJSAMP_420.rawValue): (mcuWidth, mcuHeight) = (16, 16)
        case Int32(TJSAMP_440.rawValue): (mcuWidth, mcuHeight) = (8, 16)
        case Int32(TJSAMP_411.rawValue): (mcuWidth, mcuHeight) = (32, 8)
        default: (mcuWidth, mcuHeight) = (8, 8)
        }
        let mcus = ((width + mcuWidth - 1) / mcuWidth) * ((height + mcuHeight - 1) / mcuHeight)
        let lumaBlocks = mcus * (mcuWidth / 8) * (mcuHeight / 8)
        let chromaBlocks = subsampling == Int32(TJSAMP_GRAY.rawValue) ? 0 : 2 * mcus
        return (lumaBlocks + chromaBlocks) * 128
    }

    /// The smallest DCT scale factor whose output still covers the target in both directions.
    static func scaledSize(width: Int, height: Int, atLeast target: (width: Int, height: Int))
        -> (width: Int, height: Int, factor: tjscalingfactor) {
        var best = (width: width, height: height, factor: tjscalingfactor(num: 1, denom: 1))
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for f in UnsafeBufferPointer(start: factors, count: Int(count)) where f.num <= f.denom {
            // TJSCALED is a C macro: ceil(dimension * num / denom).
            let w = (width * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            let h = (height * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            if w >= target.width && h >= target.height && w * h < best.width * best.height { best = (w, h, f) }
        }
        return best
    }

    /// Adobe writes CMYK inverted (0 = full ink), which makes the conversion a product.
    static func adobeCMYKToRGB(_ cmyk: [UInt8]) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: cmyk.count / 4 * 3)
        cmyk.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { dst in
                for p in 0 ..< src.count / 4 {
                    let k = UInt32(src[p * 4 + 3])
                    for c in 0 ..< 3 { dst[p * 3 + c] = UInt8((UInt32(src[p * 4 + c]) * k + 127) / 255) }
                }
            }
        }
        return rgb
    }

    private static func message(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown turbojpeg error"
    }
}
