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
        if let preview = preview(raw, bytes, for: target, keepingDraft: draft != nil) {
            if preview.serves { return DecodedPixels(image: preview.image) }
            draft?(preview.image)
        }
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

    /// A JPEG the camera embedded, decoded for `target` (as stored), and whether it serves as the
    /// photo itself: it has the photo's shape and covers the target, or is as big as the photo
    /// (developing the raw then adds no pixel, only libraw's look instead of the camera's).
    /// libraw's pick comes first, then the JPEGs of the file's directories, largest first. When
    /// none serves and `keepingDraft`, the largest of the photo's shape is returned to stand in.
    /// One pass: each candidate's header is read once, and only what is kept is decoded.
    private static func preview(_ raw: UnsafeMutablePointer<libraw_data_t>, _ bytes: UnsafeRawBufferPointer,
                                for target: (width: Int, height: Int), keepingDraft: Bool) -> (image: RGBImage, serves: Bool)? {
        let width = Int(raw.pointee.sizes.width), height = Int(raw.pointee.sizes.height)
        var draft: RGBImage?
        // The photo when this JPEG serves as it; the first of the photo's shape that does not
        // is kept as the draft.
        func consider(_ jpeg: UnsafeRawBufferPointer, _ header: ImageHeader) -> RGBImage? {
            let sameShape = abs(header.storedWidth * height - header.storedHeight * width) <= max(width, height) * 2
            let serves = header.storedWidth >= target.width && header.storedHeight >= target.height
                || header.storedWidth >= width && header.storedHeight >= height
            guard sameShape, serves || keepingDraft && draft == nil,
                  let image = try? JPEGDecoder.decode(jpeg, atLeast: target).image else { return nil }
            if serves { return image }
            draft = image
            return nil
        }
        func jpegHeader(_ jpeg: UnsafeRawBufferPointer) -> ImageHeader? {
            guard let header = try? ImageHeader(parsing: jpeg), header.format == .jpeg else { return nil }
            return header
        }
        var candidates: [Range<Int>] = []
        if libraw_unpack_thumb(raw) == LIBRAW_SUCCESS.rawValue, raw.pointee.thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG,
           let thumb = raw.pointee.thumbnail.thumb {
            let start = UnsafeRawPointer(thumb) - UnsafeRawPointer(bytes.baseAddress!)
            let length = Int(raw.pointee.thumbnail.tlength)
            // libraw copies the thumbnail; find it in the file by its bytes only when it is there.
            if start >= 0, start <= bytes.count - length {
                candidates.append(start ..< start + length)
            } else {
                let copy = UnsafeRawBufferPointer(start: thumb, count: length)
                if let header = jpegHeader(copy), let image = consider(copy, header) { return (image, true) }
            }
        }
        candidates += EmbeddedPreviews.jpegs(in: bytes)
        let sized = candidates.compactMap { range in jpegHeader(UnsafeRawBufferPointer(rebasing: bytes[range])).map { (range, $0) } }
        for (range, header) in sized.sorted(by: { $0.1.storedWidth * $0.1.storedHeight > $1.1.storedWidth * $1.1.storedHeight }) {
            if let image = consider(UnsafeRawBufferPointer(rebasing: bytes[range]), header) { return (image, true) }
        }
        return draft.map { ($0, false) }
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
