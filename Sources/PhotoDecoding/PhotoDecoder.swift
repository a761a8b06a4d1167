import FoundationEssentials

/// What to decode a photo into.
public struct DecodeRequest: Sendable, Equatable {
    /// The upright pixel size wanted; `nil` means the photo's own upright size.
    public var size: (width: Int, height: Int)? {
        get { width.map { ($0, height!) } }
        set { width = newValue?.width; height = newValue?.height }
    }
    private var width: Int?
    private var height: Int?
    /// Transparent pixels are composited over this (the terminal's background, usually).
    public var background: RGB
    /// Refuse images with more pixels than this before allocating anything for them.
    public var maxPixels: Int
    /// Convert embedded profiles to sRGB (off only to show, in tests, what that changes).
    public var managesColour = true
    /// The orientation a sidecar gives (`tiff:Orientation`): it replaces the file's own (EXIF's,
    /// or, for HEIF, AVIF and JPEG XL, the image as the container presents it), never adds to it.
    public var orientation: Orientation?

    public static let defaultMaxPixels = 200_000_000

    /// Told the bytes a decode will hold beyond its output, just before it allocates them (a
    /// progressive JPEG keeps every DCT coefficient of the whole photo: 72 MB for 17.9 MP), so
    /// a caller with a memory budget can make room first. Not part of what is asked: equality
    /// ignores it.
    public var reserveWorkingMemory: (@Sendable (Int) -> Void)?

    /// Told a stand-in, at the size asked and upright, when the decode will take long: a RAW
    /// whose previews are all too small is developed (seconds for a camera's 24 MP), and its
    /// largest preview, enlarged, can be on screen meanwhile. Not part of what is asked either.
    public var draft: (@Sendable (RGBImage) -> Void)?

    public static func == (a: DecodeRequest, b: DecodeRequest) -> Bool {
        a.width == b.width && a.height == b.height && a.background == b.background && a.maxPixels == b.maxPixels
            && a.managesColour == b.managesColour && a.orientation == b.orientation
    }

    public init(size: (width: Int, height: Int)? = nil, background: RGB = .black,
                maxPixels: Int = DecodeRequest.defaultMaxPixels) {
        self.width = size?.width
        self.height = size?.height
        self.background = background
        self.maxPixels = maxPixels
    }
}

/// File bytes → upright RGB pixels at exactly the requested size.
///
/// The order matters for speed: decode at the smallest size the codec allows (JPEG DCT
/// scaling, WebP's decode-time rescaler), resize exactly while the image is still in its
/// stored orientation, and only then rotate, so the rotation touches the fewest pixels.
public enum PhotoDecoder {
    public static func decode(_ bytes: UnsafeRawBufferPointer, _ request: DecodeRequest = DecodeRequest()) throws -> RGBImage {
        let header = try ImageHeader(parsing: bytes, cameraFields: false)
        let orientation = request.orientation ?? header.orientation
        guard header.storedWidth * header.storedHeight <= request.maxPixels else {
            throw DecodeError.tooLarge(width: header.width, height: header.height, limit: request.maxPixels)
        }
        let upright = request.size ?? orientation.uprightSize(width: header.storedWidth, height: header.storedHeight)
        guard upright.width > 0, upright.height > 0 else { throw DecodeError.unsupported("empty target size") }
        // The output is allocated too: a huge --size must not abort the process either.
        let (target, overflow) = upright.width.multipliedReportingOverflow(by: upright.height)
        guard !overflow, target <= request.maxPixels else {
            throw DecodeError.tooLarge(width: upright.width, height: upright.height, limit: request.maxPixels)
        }
        let stored = orientation.swapsAxes ? (upright.height, upright.width) : (upright.width, upright.height)
        // The newer formats decode at their full size, 4 bytes a pixel (8 past 8 bits) plus the
        // library's own planes: the pager's memory budget hears of it before it is spent.
        if [.heif, .avif, .jxl, .tiff, .raw].contains(header.format) {
            request.reserveWorkingMemory?(header.storedWidth * header.storedHeight * 8)
        }
        var decoded: DecodedPixels
        switch header.format {
        case .jpeg:
            // The header was read from all the bytes: its profile is the whole one.
            let profile = header.colour ?? .sRGB
            decoded = try JPEGDecoder.decode(bytes, atLeast: stored, reserving: request.reserveWorkingMemory, keepingCMYK: !profile.isSRGB)
            decoded.colour = profile
        case .png:
            decoded = DecodedPixels(image: try PNGDecoder.decode(bytes, background: request.background), colour: header.colour ?? .sRGB)
            decoded.encodedFromLinear = EmbeddedProfile.pngIsLinear(bytes)
        case .webp:
            decoded = DecodedPixels(image: try WebPDecoder.decode(bytes, size: stored, background: request.background),
                                    colour: header.colour ?? .sRGB)
        case .gif: decoded = DecodedPixels(image: try GIFDecoder.decode(bytes, background: request.background))
        case .heif:
            decoded = try HEIFDecoder.decode(bytes, atLeast: stored, maxPixels: request.maxPixels, background: request.background)
        case .avif: decoded = try AVIFDecoder.decode(bytes, maxPixels: request.maxPixels, background: request.background)
        case .tiff:
            decoded = try TIFFDecoder.decode(bytes, stored: (header.storedWidth, header.storedHeight), maxPixels: request.maxPixels,
                                             background: request.background)
        case .jxl: decoded = try JXLDecoder.decode(bytes, maxPixels: request.maxPixels, background: request.background)
        case .raw:
            let draft = request.draft.map { tell in
                { (preview: RGBImage) in tell(orientation.apply(to: Resampler.resize(preview, width: stored.0, height: stored.1))) }
            }
            decoded = try RAWDecoder.decode(bytes, atLeast: stored, maxPixels: request.maxPixels, draft: draft)
        }
        // Colours are converted where there are fewest pixels: at the size shown, except for
        // samples only the profile can read (CMYK, linear light), which are converted first.
        let sized: RGBImage
        if !request.managesColour {
            sized = Resampler.resize(decoded.image, width: stored.0, height: stored.1)
        } else if decoded.cmyk != nil || decoded.encodedFromLinear {
            sized = Resampler.resize(ColourManagement.toSRGB(decoded), width: stored.0, height: stored.1)
        } else {
            decoded.image = Resampler.resize(decoded.image, width: stored.0, height: stored.1)
            sized = ColourManagement.toSRGB(decoded)
        }
        return orientation.apply(to: sized)
    }

    /// An animated GIF's or WebP's frames at the request's size, nil for a still (or a single
    /// frame). The frames decoded hold at most `budget` bytes of canvas: a longer animation is
    /// not played at all (nil), as a loop cut short would show something the file does not.
    public static func animation(_ bytes: UnsafeRawBufferPointer, _ request: DecodeRequest = DecodeRequest(),
                                 budget: Int = 256 << 20) throws -> [AnimationFrame]? {
        try animationFrames(bytes, request, budget: budget).map { animation in
            animation.frames.indices.map { AnimationFrame(image: animation.image($0), delay: animation.frames[$0].delay) }
        }
    }

    /// The frames as stored (the canvas size, not yet upright), to be sized one at a time with
    /// `DecodedAnimation.image(_:)`: a long animation then never holds all of its frames at
    /// the screen's size at once.
    public static func animationFrames(_ bytes: UnsafeRawBufferPointer, _ request: DecodeRequest = DecodeRequest(),
                                       budget: Int = 256 << 20) throws -> DecodedAnimation? {
        let header = try ImageHeader(parsing: bytes)
        guard header.format == .gif || header.format == .webp && WebPDecoder.isAnimated(bytes) else { return nil }
        guard header.storedWidth * header.storedHeight <= request.maxPixels else { return nil }
        let limit = budget / max(1, header.storedWidth * header.storedHeight * 3)
        let frames = header.format == .gif
            ? try GIFDecoder.frames(bytes, background: request.background, limit: limit + 1)
            : try WebPDecoder.frames(bytes, background: request.background, limit: limit + 1)
        guard frames.count > 1, frames.count <= limit else { return nil }
        return DecodedAnimation(frames: frames, header: header, size: request.size)
    }

    public static func animationFrames(_ data: Data, _ request: DecodeRequest = DecodeRequest()) throws -> DecodedAnimation? {
        try data.withUnsafeBytes { try animationFrames($0, request) }
    }

    public static func decode(_ data: Data, _ request: DecodeRequest = DecodeRequest()) throws -> RGBImage {
        try data.withUnsafeBytes { try decode($0, request) }
    }

    /// Reads and decodes a file. Errors name no path: the caller knows which file it asked for.
    public static func decode(contentsOf url: URL, _ request: DecodeRequest = DecodeRequest()) throws -> RGBImage {
        try decode(try FileBytes.read(url), request)
    }

    /// The header of a file, reading only its first bytes unless the header runs further: a
    /// folder of thousands of photos is listed from a few kilobytes of each.
    public static func header(contentsOf url: URL) throws -> ImageHeader {
        let head = FileHead()
        try head.open(url.path)
        return try header(of: head, url: url)
    }

    /// The header of the file `head` has open (its first window read), reading on in the same
    /// file as far as the header needs. 64 kB holds the JPEG EXIF segment (capped at 64 kB by
    /// the format) and the frame header after it in nearly every camera file; anything longer
    /// is read whole. `url`: the same file, for the rare one that is not a regular file.
    public static func header(of head: FileHead, url: URL) throws -> ImageHeader {
        // Most headers sit in the first 16 kB; a JPEG whose EXIF thumbnail or ICC profile comes
        // before its frame header needs more (Wood.jpg's SOF is at 65.5 kB), then the whole file.
        // A PNG or WebP whose EXIF may lie further on is read further too.
        for limit in headerWindows {
            try head.read(upTo: limit)
            do {
                let header = try ImageHeader(parsing: head.bytes)
                // A HEIF keeps its EXIF and XMP where its mdat puts them: those items alone are read.
                if header.exifLocation != nil || header.xmpLocation != nil {
                    var found = header
                    if let location = header.exifLocation { found = found.withExif(head.read(range: location)) }
                    if let location = header.xmpLocation { found = found.withXMP(head.read(range: location)) }
                    return found
                }
                if header.metadataComplete || head.count < limit { return header }
            } catch DecodeError.truncated where head.count == limit {
                continue
            }
        }
        return try (head.mapped() ?? FileBytes.read(url)).withUnsafeBytes { try ImageHeader(parsing: $0) }
    }

    /// The prefixes tried in turn: reading 64 kB of every file of a big folder cost more in
    /// copying than parsing did.
    public static let headerWindows = [16 * 1024, 128 * 1024]
}
