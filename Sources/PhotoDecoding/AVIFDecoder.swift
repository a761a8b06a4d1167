import CAvif
import CFormatLibraries

/// AVIF through libavif 0.11 (loaded on the first AVIF; its codecs are all permissively
/// licensed, so an AVIF never maps libheif and the GPL x265 it links). libavif hands over the
/// pixels as stored: the clean aperture (`clap`), rotation (`irot`) and mirroring (`imir`) are
/// applied here, in that order, so the result is upright like libheif's (the header reader,
/// `HEIFStructure`, gives the same size). The first frame of a sequence; more than 8 bits
/// through the tone curve (PQ, HLG to SDR).
enum AVIFDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, background: RGB) throws -> DecodedPixels {
        try FormatLibrary.avif.require()
        guard let decoder = avifDecoderCreate() else { throw DecodeError.unsupported("libavif failed to start") }
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.maxThreads = Int32(ParallelRows.cores)
        decoder.pointee.imageSizeLimit = UInt32(clamping: maxPixels)
        decoder.pointee.imageDimensionLimit = UInt32(ImageHeader.maximumSide)
        decoder.pointee.ignoreXMP = AVIF_TRUE
        guard avifDecoderSetIOMemory(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) == AVIF_RESULT_OK else {
            throw DecodeError.unsupported("libavif refused the input")
        }
        var result = avifDecoderParse(decoder)
        if result == AVIF_RESULT_OK { result = avifDecoderNextImage(decoder) }
        guard result == AVIF_RESULT_OK, let image = decoder.pointee.image else {
            throw result == AVIF_RESULT_TRUNCATED_DATA ? DecodeError.truncated(String(cString: avifResultToString(result)))
                : DecodeError.corrupt(String(cString: avifResultToString(result)))
        }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        guard width > 0, height > 0 else { throw DecodeError.corrupt("image has zero width or height") }
        guard width * height <= maxPixels else { throw DecodeError.tooLarge(width: width, height: height, limit: maxPixels) }
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        let deep = image.pointee.depth > 8
        rgb.depth = deep ? 16 : 8
        avifRGBImageAllocatePixels(&rgb)
        defer { avifRGBImageFreePixels(&rgb) }
        guard avifImageYUVToRGB(image, &rgb) == AVIF_RESULT_OK, let pixels = rgb.pixels else {
            throw DecodeError.corrupt("libavif could not convert the colours")
        }
        var colour = ColourSource.sRGB
        if image.pointee.icc.size > 0, let icc = image.pointee.icc.data {
            colour = .icc(Array(UnsafeBufferPointer(start: icc, count: image.pointee.icc.size)))
        } else {
            colour = .coded(primaries: Int(image.pointee.colorPrimaries), transfer: Int(image.pointee.transferCharacteristics))
        }
        var rgba: [UInt8]
        let rowBytes = Int(rgb.rowBytes)
        if deep {
            (rgba, colour) = ToneCurve.eightBit(UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt16.self), width: width, height: height,
                                                rowSamples: rowBytes / 2, significantBits: 16, colour: colour)
        } else {
            rgba = [UInt8](repeating: 0, count: width * height * 4)
            rgba.withUnsafeMutableBytes { out in
                for y in 0 ..< height {
                    (out.baseAddress! + y * width * 4).copyMemory(from: pixels + y * rowBytes, byteCount: width * 4)
                }
            }
        }
        let flat = image.pointee.alphaPlane != nil ? AlphaBlend.flatten(rgba: rgba, over: background) : AlphaBlend.dropAlpha(rgba)
        var stored = RGBImage(width: width, height: height, pixels: flat)
        let flags = image.pointee.transformFlags
        if flags & AVIF_TRANSFORM_CLAP.rawValue != 0 {
            var rect = avifCropRect(), diagnostics = avifDiagnostics(), clap = image.pointee.clap
            if avifCropRectConvertCleanApertureBox(&rect, &clap, UInt32(width), UInt32(height), image.pointee.yuvFormat, &diagnostics) != 0,
               rect.width > 0, rect.height > 0 {
                stored = stored.cropped(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
            }
        }
        let turns = flags & AVIF_TRANSFORM_IROT.rawValue != 0 ? Int(image.pointee.irot.angle & 3) : 0
        let mirror = flags & AVIF_TRANSFORM_IMIR.rawValue != 0 ? Int(image.pointee.imir.mode & 1) : nil
        let upright = Orientation(quarterTurnsAnticlockwise: turns, mirror: mirror).apply(to: stored)
        return DecodedPixels(image: upright, colour: colour)
    }
}
