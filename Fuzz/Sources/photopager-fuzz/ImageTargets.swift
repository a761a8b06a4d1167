import FoundationEssentials
import PhotoDecoding
import PhotoPagerBase

enum ImageTargets {
    /// The first byte picks the size; the rest is the hash.
    static func blurHash(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        let width = Int(first % 16) + 1, height = Int(first / 16) + 1
        let hash = String(decoding: bytes.dropFirst(), as: UTF8.self)
        guard let pixels = BlurHash.decode(hash, width: width, height: height) else { return }
        require(pixels.count == width * height, "\(pixels.count) pixels for \(width)×\(height)")
    }

    static func header(_ bytes: UnsafeRawBufferPointer) {
        guard let header = try? ImageHeader(parsing: bytes) else { return }
        require(header.width > 0 && header.height > 0, "a \(header.width)×\(header.height) image")
    }

    /// At most 16 MP are decoded; what decodes has exactly the size asked for.
    static func decode(_ bytes: UnsafeRawBufferPointer) {
        let request = DecodeRequest(size: (40, 30), maxPixels: 16_000_000)
        guard let image = try? PhotoDecoder.decode(bytes, request) else { return }
        require(image.width == 40 && image.height == 30, "asked 40×30, got \(image.width)×\(image.height)")
        require(image.pixels.count == 40 * 30 * 3, "\(image.pixels.count) bytes of pixels")
    }
}
