import Foundation
import PhotoPagerBase
import Testing

/// ThumbHash against the vectors other implementations test the reference's output with
/// (flower.jpg and tux.png of evanw/thumbhash: the hash, its average colour, its aspect ratio).
@Suite struct ThumbHashTests {
    static func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! }
    }

    static let flower = bytes("934A062D069256C374055867DA8AB6679490510719")
    static let tux = bytes("A1198A1C02383A25D727F68B971FF7F9717F80376758987906")

    @Test(arguments: [
        (flower, (0.484127015, 0.341269821, 0.0793650597, 1.0), 0.714285731, 23, 32),
        (tux, (0.616402208, 0.568783104, 0.386243373, 0.533333361), 0.8, 26, 32),
    ] as [([UInt8], (Double, Double, Double, Double), Double, Int, Int)])
    func readsTheReferenceVectors(hash: [UInt8], average: (Double, Double, Double, Double), ratio: Double, width: Int, height: Int) throws {
        let decoded = try #require(ThumbHash(hash))
        #expect(abs(decoded.average.r - average.0) < 1e-6 && abs(decoded.average.g - average.1) < 1e-6)
        #expect(abs(decoded.average.b - average.2) < 1e-6 && abs(decoded.average.a - average.3) < 1e-6)
        #expect(abs(decoded.aspectRatio - ratio) < 1e-6)
        #expect(decoded.referenceSize.width == width && decoded.referenceSize.height == height)
        // The cosine terms add nothing over the whole picture: its mean is the average colour
        // (up to clamping at the ends and 8-bit truncation).
        let pixels = decoded.rgba(width: width, height: height)
        #expect(pixels.count == width * height * 4)
        for channel in 0 ..< 4 {
            let mean = stride(from: channel, to: pixels.count, by: 4).map { Double(pixels[$0]) }.reduce(0, +) / Double(width * height) / 255
            let expected = [average.0, average.1, average.2, average.3][channel]
            #expect(abs(mean - expected) < 0.03, "channel \(channel): \(mean) vs \(expected)")
        }
    }

    /// Immich sends it as standard base64.
    @Test func readsBase64() throws {
        #expect(ThumbHash(base64: "k0oGLQaSVsN0BVhn2oq2Z5SQUQcZ") == ThumbHash(Self.flower))
        #expect(ThumbHash(base64: "not base64!") == nil)
    }

    /// Too short for the components its header announces: no hash, never a read past the end.
    @Test func aTruncatedHashIsNone() {
        for count in 0 ..< Self.flower.count { #expect(ThumbHash(Array(Self.flower.prefix(count))) == nil) }
        for count in 0 ..< Self.tux.count { #expect(ThumbHash(Array(Self.tux.prefix(count))) == nil) }
    }

    /// Over a background, an opaque hash is itself and a transparent one shows the background.
    @Test func alphaIsCompositedOverTheBackground() throws {
        let flower = try #require(ThumbHash(Self.flower)), tux = try #require(ThumbHash(Self.tux))
        let plain = flower.rgba(width: 4, height: 6)
        let over = flower.rgb(width: 4, height: 6, background: (0, 0, 255))
        #expect(over.enumerated().allSatisfy { i, p in p.r == plain[i * 4] && p.g == plain[i * 4 + 1] && p.b == plain[i * 4 + 2] })
        let onBlack = tux.rgb(width: 8, height: 10, background: (0, 0, 0)), onWhite = tux.rgb(width: 8, height: 10, background: (255, 255, 255))
        #expect(zip(onBlack, onWhite).allSatisfy { $0.r <= $1.r && $0.g <= $1.g && $0.b <= $1.b })
        #expect(zip(onBlack, onWhite).contains { $0.r < $1.r })
    }
}
