/// Why a photo could not be turned into pixels. The text is shown to the person on an error
/// tile or on stderr, so it says what is wrong in their terms.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAnImage
    /// A file whose magic says what else it is ("a QuickTime movie: videos are not shown").
    case notAPhoto(String)
    case truncated(String)
    case corrupt(String)
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A side past what any real photo has (a header that lies, as a fuzzer's does), whatever
    /// its pixel count: no limit the person could raise.
    case sideTooLong(width: Int, height: Int, limit: Int)
    case unsupported(String)

    public var description: String {
        switch self {
        case .notAnImage:
            return "not an image (photopager shows JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF and camera RAW)"
        case .notAPhoto(let what):
            return what
        case .truncated(let detail):
            return "file is truncated (\(detail))"
        case .corrupt(let detail):
            return "corrupt image data (\(detail))"
        case let .tooLarge(width, height, limit):
            let megapixels = Double(width) * Double(height) / 1_000_000
            return "image is \(width)x\(height) (\(Self.format(megapixels)) MP), over the "
                + "\(Self.format(Double(limit) / 1_000_000)) MP limit (raise it with --max-megapixels)"
        case let .sideTooLong(width, height, limit):
            return "image is \(width)x\(height): a side longer than \(limit) pixels is not shown"
        case .unsupported(let detail):
            return "unsupported image (\(detail))"
        }
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
