import PhotoPagerBase
import Testing

@Suite struct BlurHashTests {
    /// One component: every pixel is the DC colour exactly (sRGB → linear → sRGB round trip).
    @Test func aDCOnlyHashIsOneFlatColour() throws {
        let pixels = try #require(BlurHash.decode("00TNoZ", width: 4, height: 3))
        #expect(pixels.count == 12)
        #expect(pixels.allSatisfy { $0.r == 255 && $0.g == 128 && $0.b == 7 })
    }

    /// 2×1 components with a strong red cosine: red on the left, none on the right, green and
    /// blue untouched (their AC is zero).
    @Test func anACComponentMakesAHorizontalGradient() throws {
        let pixels = try #require(BlurHash.decode("1~Bg3u|c", width: 8, height: 1))
        #expect(pixels[0].r > 200 && pixels[0].g == 100 && pixels[0].b == 100)
        #expect(pixels[7].r < 10 && pixels[7].g == 100 && pixels[7].b == 100)
        #expect(pixels.map(\.r) == pixels.map(\.r).sorted(by: >))
    }

    /// The example from the BlurHash README decodes, and its average is a plausible colour.
    @Test func theReferenceExampleDecodes() throws {
        let pixels = try #require(BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 32, height: 32))
        #expect(pixels.count == 1024)
        #expect(Set(pixels.map { "\($0.r),\($0.g),\($0.b)" }).count > 100)     // not flat
    }

    @Test(arguments: ["", "00TNo", "00TNoZZ", "LEHV6nWB2yk8pyo0adR*.7kCMdn", "00TN\u{1B}Z", "é0TNoZ"])
    func malformedHashesAreRejected(hash: String) {
        #expect(BlurHash.decode(hash, width: 4, height: 4) == nil)
    }
}
