import Testing
@testable import PhotoPagerBase

/// Ids and cache keys are these values: they must never change between versions.
@Suite struct StableHashTests {
    @Test func isFNV1a64() {
        #expect(StableHash.value([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.value(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func hexIsSixteenLowercaseDigitsWithLeadingZeros() {
        #expect(StableHash.hex("a") == "af63dc4c8601ec8c")
        #expect(StableHash.hex("k0") == "08be0e07b562230e")
    }
}
