import Foundation
import Testing
@testable import TerminalGraphics

@Suite("base64")
struct Base64Tests {
    /// Every remainder length (and multi-chunk sizes) against Foundation's encoder, and back.
    @Test func decodingUndoesEncodingAtEveryPaddingLength() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 4, 5, 6, 7, 100, 4097] {
            let bytes = (0 ..< count).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
            let encoded = Base64.encode(bytes)
            #expect(encoded == Array(Data(bytes).base64EncodedString().utf8), "encoding \(count) bytes")
            #expect(Base64.decode(encoded[...]) == bytes, "decoding \(count) bytes")
        }
    }

    @Test func anythingButPaddedBase64IsRefused() {
        #expect(Base64.decode(Array("abc".utf8)[...]) == nil, "length not a multiple of 4")
        #expect(Base64.decode(Array("ab!d".utf8)[...]) == nil, "outside the alphabet")
        #expect(Base64.decode(Array("a\u{1B}cd".utf8)[...]) == nil)
    }
}
