import CFormatLibraries
import CRaw

/// Camera RAW through libraw (the thread-safe `libraw_r`, LGPL-2.1, loaded on the first RAW). What is shown is what the
/// camera rendered, its embedded JPEG preview, when that covers the size asked for (libraw's
/// own pick first, then the largest JPEG in the file's TIFF directories): far faster than
/// developing the sensor data. Otherwise the raw is developed (camera white balance, sRGB,
/// half size when that is still big enough). Either way the pixels are as stored, unrotated;
/// the RAW's flip is the header's orientation.
enum RAWDecoder {
    /// `draft` is handed the largest preview (as stored, smaller than `target`) before the raw
    /// is developed, to stand in meanwhile.
    static func decode(_ bytes: UnsafeRawBufferPointer, atLeast target: (width: Int, height: Int), maxPixels: Int,
                       draft: ((RGBImage) -> Void)? = nil) throws -> DecodedPixels {
        let raw = try open(bytes)
        defer { libraw_close(raw) }
        let width = Int(raw.pointee.sizes.width), height = Int(raw.pointee.sizes.height)
        guard width * height <= maxPixels else { throw DecodeError.tooLarge(width: width, height: height, limit: maxPixels) }
        if let preview = try preview(raw, bytes, for: target, coveringOnly: true) { return DecodedPixels(image: preview) }
        if let draft, let preview = try preview(raw, bytes, for: target, coveringOnly: false) { draft(preview) }
        return DecodedPixels(image: try develop(raw, halfSize: target.width * 2 <= width && target.height * 2 <= height))
    }

    /// The size and flip, read by libraw from the file's metadata (no pixels).
    static func header(_ bytes: UnsafeRawBufferPointer) throws -> ImageHeader {
        let raw = try open(bytes)
        defer { libraw_close(raw) }
        let sizes = raw.pointee.sizes
        return ImageHeader(format: .raw, storedWidth: Int(sizes.width), storedHeight: Int(sizes.height), exif: nil,
                           orientation: orientation(flip: Int(sizes.flip)))
    }

    /// dcraw's flip codes: 3 = 180°, 5 = 90° anticlockwise (EXIF 8), 6 = 90° clockwise.
    static func orientation(flip: Int) -> Orientation {
        switch flip {
        case 3: .down
        case 5: .left
        case 6: .right
        default: .up
        }
    }

    private static func open(_ bytes: UnsafeRawBufferPointer) throws -> UnsafeMutablePointer<libraw_data_t> {
        try FormatLibrary.raw.require()
        guard let raw = libraw_init(0) else { throw DecodeError.unsupported("libraw failed to start") }
        let status = libraw_open_buffer(raw, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        guard status == LIBRAW_SUCCESS.rawValue else {
            libraw_close(raw)
            let words = String(cString: libraw_strerror(status))
            throw status == LIBRAW_IO_ERROR.rawValue ? DecodeError.truncated(words) : DecodeError.corrupt(words)
        }
        guard raw.pointee.sizes.width > 0, raw.pointee.sizes.height > 0 else {
            libraw_close(raw)
            throw DecodeError.corrupt("RAW has zero width or height")
        }
        return raw
    }

    /// The largest embedded JPEG preview of the photo's shape, decoded for `target` (as stored);
    /// `coveringOnly`: only when it covers that or is full-size.
    private static func preview(_ raw: UnsafeMutablePointer<libraw_data_t>, _ bytes: UnsafeRawBufferPointer,
                                for target: (width: Int, height: Int), coveringOnly: Bool) throws -> RGBImage? {
        var candidates: [Range<Int>] = []
        if libraw_unpack_thumb(raw) == LIBRAW_SUCCESS.rawValue, raw.pointee.thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG,
           let thumb = raw.pointee.thumbnail.thumb {
            let start = UnsafeRawPointer(thumb) - UnsafeRawPointer(bytes.baseAddress!)
            let length = Int(raw.pointee.thumbnail.tlength)
            // libraw copies the thumbnail; find it in the file by its bytes only when it is there.
            if start >= 0, start + length <= bytes.count {
                candidates.append(start ..< start + length)
            } else {
                let copy = [UInt8](UnsafeRawBufferPointer(start: thumb, count: length))
                if let image = try? decodePreview(copy, target: target, coveringOnly: coveringOnly, raw: raw) { return image }
            }
        }
        candidates += EmbeddedPreviews.jpegs(in: bytes)
        let sized = candidates.compactMap { range -> (Range<Int>, ImageHeader)? in
            guard let header = try? ImageHeader(parsing: UnsafeRawBufferPointer(rebasing: bytes[range])), header.format == .jpeg else { return nil }
            return (range, header)
        }
        for (range, _) in sized.sorted(by: { $0.1.storedWidth * $0.1.storedHeight > $1.1.storedWidth * $1.1.storedHeight }) {
            if let image = try? decodePreview(Array(bytes[range]), target: target, coveringOnly: coveringOnly, raw: raw) { return image }
        }
        return nil
    }

    /// A preview JPEG, decoded without its own EXIF orientation (the RAW's flip is applied),
    /// when it has the photo's shape and covers the target, or is as big as the photo itself
    /// (developing the raw then adds no pixel, only libraw's look instead of the camera's);
    /// any size when not `coveringOnly`.
    private static func decodePreview(_ jpeg: [UInt8], target: (width: Int, height: Int), coveringOnly: Bool,
                                      raw: UnsafeMutablePointer<libraw_data_t>) throws -> RGBImage? {
        try jpeg.withUnsafeBytes { bytes in
            let header = try ImageHeader(parsing: bytes)
            let width = Int(raw.pointee.sizes.width), height = Int(raw.pointee.sizes.height)
            let sameShape = abs(header.storedWidth * height - header.storedHeight * width) <= max(width, height) * 2
            let covers = header.storedWidth >= target.width && header.storedHeight >= target.height
            let fullSize = header.storedWidth >= width && header.storedHeight >= height
            guard header.format == .jpeg, sameShape, covers || fullSize || !coveringOnly else { return nil }
            return try JPEGDecoder.decode(bytes, atLeast: target).image
        }
    }

    /// The sensor data developed: camera white balance, sRGB, 8 bits, not turned.
    private static func develop(_ raw: UnsafeMutablePointer<libraw_data_t>, halfSize: Bool) throws -> RGBImage {
        raw.pointee.params.use_camera_wb = 1
        raw.pointee.params.output_color = 1
        raw.pointee.params.output_bps = 8
        raw.pointee.params.user_flip = 0
        raw.pointee.params.half_size = halfSize ? 1 : 0
        var status = libraw_unpack(raw)
        if status == LIBRAW_SUCCESS.rawValue { status = libraw_dcraw_process(raw) }
        guard status == LIBRAW_SUCCESS.rawValue else { throw DecodeError.corrupt(String(cString: libraw_strerror(status))) }
        var error: Int32 = 0
        guard let processed = libraw_dcraw_make_mem_image(raw, &error) else { throw DecodeError.corrupt(String(cString: libraw_strerror(error))) }
        defer { libraw_dcraw_clear_mem(processed) }
        let image = processed.pointee
        guard image.type == LIBRAW_IMAGE_BITMAP, image.colors == 3, image.bits == 8, image.width > 0, image.height > 0,
              Int(image.data_size) == Int(image.width) * Int(image.height) * 3 else {
            throw DecodeError.corrupt("libraw developed an unexpected image")
        }
        let data = UnsafeRawPointer(processed) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        return RGBImage(width: Int(image.width), height: Int(image.height),
                        pixels: [UInt8](UnsafeRawBufferPointer(start: data, count: Int(image.data_size))))
    }
}

/// The JPEGs a camera stores in a RAW's TIFF directories (IFD0 and its chain, and their
/// sub-directories): strips or JPEGInterchangeFormat blobs that start like a JPEG.
enum EmbeddedPreviews {
    static func jpegs(in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard let tiff = TIFFStructure(bytes) else { return [] }
        var found: [Range<Int>] = [], seen = Set<Int>(), queue = [tiff.firstDirectory]
        while let offset = queue.popLast(), seen.count < 64 {
            guard seen.insert(offset).inserted, let entries = tiff.entries(at: offset) else { continue }
            let tags = Dictionary(entries.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
            let pairs = [(513, 514), (273, 279)]
            for (start, length) in pairs {
                guard let s = tags[start].map({ tiff.values($0) }), let l = tags[length].map({ tiff.values($0) }), s.count == 1, l.count == 1 else { continue }
                // Both come from the file: compared without adding them.
                guard l[0] > 4, s[0] <= bytes.count - l[0] else { continue }
                if bytes[s[0]] == 0xFF, bytes[s[0] + 1] == 0xD8 { found.append(s[0] ..< s[0] + l[0]) }
            }
            queue += tags[330].map { tiff.values($0) } ?? []
            let next = tiff.nextDirectory(after: offset)
            if next > 0 { queue.append(next) }
        }
        return found
    }
}
